import { Body, Controller, Get, Header, HttpCode, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  subscribeInputSchema,
  subscriptionPreferencesInputSchema,
  subscriptionTokenInputSchema,
  subscriptionTokenSchema,
  type Language,
  type Subscribe,
  UNSUBSCRIBE_LABELS,
} from '@blog/contracts';
import { ZodValidationPipe } from '@blog/api/http';
import { clientAddress } from '@blog/api/security';
import { SubscriptionsService } from './subscriptions.service';

const tokenPipe = new ZodValidationPipe(subscriptionTokenSchema, 'token');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain page of the API's own in the subscriber's language, for a mail's link opened in a browser (readable on a phone). */
const page = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

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
    { token, ...choices }: { token: string; topics: number[]; digest: boolean; language?: Language },
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
  async unsubscribe(
    @Query('token', tokenPipe) token: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // A person who pressed the button of the page (a browser's form) reads a page, not JSON.
    const readsPage = req.accepts(['json', 'html']) === 'html';
    // Read before the subscriber is deleted.
    const language = readsPage ? await this.subscriptions.languageOf(token) : undefined;
    const ok = await this.subscriptions.unsubscribe(token);
    if (!language) return ok;
    res.type('html');
    const words = UNSUBSCRIBE_LABELS[language];
    return page(language, words.unsubscribeTitle, `<p>${words.unsubscribed}</p>`);
  }

  /**
   * The unsubscribe link opened in a browser: a page with a button, never an unsubscribe (mail scanners
   * follow links in mails).
   */
  @Get('unsubscribe')
  @Header('Cache-Control', 'no-store')
  async unsubscribePage(
    @Query('token', tokenPipe) token: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const language = await this.subscriptions.languageOf(token);
    const words = UNSUBSCRIBE_LABELS[language];
    // Set here, not by a decorator: a refused token is answered by the error filter as JSON, labelled as such.
    res.type('html');
    return page(
      language,
      words.unsubscribeTitle,
      `<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${words.unsubscribeButton}</button></form>`,
    );
  }
}
