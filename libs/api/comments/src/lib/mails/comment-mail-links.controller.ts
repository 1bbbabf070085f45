import { Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { asDomainError } from '@blog/api/core';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import type { CommentLinkAction } from '../submitting/comment-signing';
import { CommentMailsService, COMMENT_MAIL_PATHS } from './comment-mails.service';

/** The words of the pages the mails' links open (the site's language, as the mails). */
export const COMMENT_MAIL_PAGE_TEXT = {
  approve: { title: 'Approve this comment?', button: 'Approve', done: 'Approved: the comment is shown on the post.' },
  spam: {
    title: 'Mark this comment as spam?',
    button: 'Mark as spam',
    done: 'Marked as spam: the filter learnt its e-mail and the sites it linked.',
  },
  unsubscribe: {
    title: 'Stop the e-mails about replies?',
    button: 'Unsubscribe',
    done: 'Done: you will get no more e-mails about replies to your comments.',
  },
  alreadyModerated: (state: string) =>
    `This comment was already moderated (it is now ${state}): this link does nothing any more.`,
  refused: {
    malformed: 'This link is not a link of this site’s mails (it is incomplete or altered).',
    forged: 'This link’s signature does not match: it was not made by this site.',
    expired: (date: Date) => `This link expired on ${date.toISOString().slice(0, 10)}.`,
    otherPage: 'This link is meant for another page.',
  },
  invalidTitle: 'This link does not work',
  moderatedTitle: 'Already moderated',
  commentsScreen: 'Open the Comments screen',
} as const;

const TEXT = COMMENT_MAIL_PAGE_TEXT;

/** A plain page of the API's own, for a mail's link opened in a browser (readable on a phone). */
function sendPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title>` +
        `</head><body><main><h1>${escapeText(title)}</h1>${body}</main></body></html>`,
    );
}

const paragraph = (text: string) => `<p>${escapeText(text)}</p>`;

/**
 * The pages of the comment mails' links, no sign-in: the signed link is the authority. Opening a link
 * (GET) only shows a page with a button, as mail scanners follow links; the button (POST, no cookie
 * needed) acts. A moderation link acts only while the comment still waits (one use); the unsubscribe
 * door is also RFC 8058's one-click POST (`List-Unsubscribe=One-Click`).
 */
@Controller('comments/mail')
export class CommentMailLinksController {
  constructor(private readonly mails: CommentMailsService) {}

  @Get('moderate')
  async moderatePage(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.answer(res, token, ['approve', 'spam'], async (action, id) => {
      const comment = await this.mails.comment(id);
      if (comment.state !== 'pending') return sendPage(res, 200, TEXT.moderatedTitle, this.moderated(comment.state));
      const words = TEXT[action];
      sendPage(
        res,
        200,
        words.title,
        paragraph(`${comment.author_name} <${comment.author_email}> under “${comment.post_title}”:`) +
          `<blockquote>${comment.body.split('\n').map(escapeText).join('<br>')}</blockquote>` +
          this.button(COMMENT_MAIL_PATHS.moderate, token as string, words.button),
      );
    });
  }

  @Post('moderate')
  async moderate(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.answer(res, token, ['approve', 'spam'], async (action, id) => {
      const result = await this.mails.moderateByLink(action, id);
      if (!result.done) return sendPage(res, 200, TEXT.moderatedTitle, this.moderated(result.state));
      sendPage(res, 200, TEXT[action].done, this.commentsScreenLink());
    });
  }

  @Get('unsubscribe')
  async unsubscribePage(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.answer(res, token, ['unsubscribe'], async (_, id) => {
      await this.mails.comment(id);
      const { title, button } = TEXT.unsubscribe;
      sendPage(res, 200, title, this.button(COMMENT_MAIL_PATHS.unsubscribe, token as string, button));
    });
  }

  /** RFC 8058 one-click unsubscribe (the mail provider's POST, from anywhere, no cookie), and the page's button. */
  @Post('unsubscribe')
  async unsubscribe(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.answer(res, token, ['unsubscribe'], async (_, id) => {
      await this.mails.unsubscribe(id);
      sendPage(res, 200, TEXT.unsubscribe.done, '');
    });
  }

  /**
   * Reads the link and runs `act` with what it names; a refused link is answered with a page saying why:
   * 400 not one of ours or meant for another page, 403 forged or expired, 404 its comment is gone.
   */
  private async answer<Action extends CommentLinkAction>(
    res: Response,
    token: unknown,
    actions: readonly Action[],
    act: (action: Action, id: number) => Promise<void>,
  ): Promise<void> {
    const link = this.mails.readLink(typeof token === 'string' ? token : '');
    if ('refused' in link) {
      const why =
        link.refused === 'expired' ? TEXT.refused.expired(link.expiredAt as Date) : TEXT.refused[link.refused];
      return sendPage(res, link.refused === 'malformed' ? 400 : 403, TEXT.invalidTitle, paragraph(why));
    }
    const action = actions.find((allowed) => allowed === link.action);
    if (!action) return sendPage(res, 400, TEXT.invalidTitle, paragraph(TEXT.refused.otherPage));
    try {
      await act(action, link.id);
    } catch (error) {
      const refusal = asDomainError(error);
      if (refusal?.code !== 'NOT_FOUND') throw error;
      sendPage(res, 404, TEXT.invalidTitle, paragraph(refusal.message));
    }
  }

  private moderated(state: string): string {
    return paragraph(TEXT.alreadyModerated(state)) + this.commentsScreenLink();
  }

  private commentsScreenLink(): string {
    return `<p><a href="${escapeAttribute(this.mails.commentsScreenUrl)}">${TEXT.commentsScreen}</a></p>`;
  }

  private button(path: string, token: string, label: string): string {
    return (
      `<form method="post" action="${escapeAttribute(`${path}?token=${encodeURIComponent(token)}`)}">` +
      `<button type="submit">${escapeText(label)}</button></form>`
    );
  }
}
