import { Body, Controller, Get, Header, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  SUBSCRIPTION_LABELS,
  subscribeInputSchema,
  subscriptionPreferencesInputSchema,
  subscriptionTokenInputSchema,
  subscriptionTokenSchema,
  type Subscribe,
} from '@blog/contracts';
import { ZodValidationPipe } from '@blog/api/http';
import { clientAddress } from '@blog/api/security';
import { SubscriptionsService } from './subscriptions.service';

const tokenPipe = new ZodValidationPipe(subscriptionTokenSchema, 'token');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The public doors of subscriptions: no sign-in, each action authorised by its signed link. */
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post()
  @HttpCode(200)
  subscribe(@Req() req: Request, @Body(new ZodValidationPipe(subscribeInputSchema)) input: Subscribe) {
    return this.subscriptions.subscribe(input, clientAddress(req));
  }

  @Post('confirm')
  @HttpCode(200)
  confirm(@Body(new ZodValidationPipe(subscriptionTokenInputSchema)) { token }: { token: string }) {
    return this.subscriptions.confirm(token);
  }

  @Get('preferences')
  preferences(@Query('token', tokenPipe) token: string) {
    return this.subscriptions.preferences(token);
  }

  @Put('preferences')
  updatePreferences(
    @Body(new ZodValidationPipe(subscriptionPreferencesInputSchema))
    { token, ...choices }: { token: string; topics: number[]; digest: boolean },
  ) {
    return this.subscriptions.updatePreferences(token, choices);
  }

  /**
   * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the address of
   * the mail's `List-Unsubscribe` header, with no cookie (the cross-site check lets exactly this through).
   * The same from the GET page's button.
   */
  @Post('unsubscribe')
  @HttpCode(200)
  unsubscribe(@Query('token', tokenPipe) token: string) {
    return this.subscriptions.unsubscribe(token);
  }

  /**
   * The unsubscribe link opened in a browser: a page with a button, never an unsubscribe (mail scanners
   * follow links in mails).
   */
  @Get('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  unsubscribePage(@Query('token', tokenPipe) token: string): string {
    const labels = SUBSCRIPTION_LABELS;
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${labels.unsubscribeTitle}</title></head>` +
      `<body><main><h1>${labels.unsubscribeTitle}</h1>` +
      `<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">` +
      `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit">${labels.unsubscribeButton}</button></form></main></body></html>`
    );
  }
}
