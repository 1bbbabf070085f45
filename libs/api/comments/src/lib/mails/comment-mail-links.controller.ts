import { Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { asDomainError, DomainError } from '@blog/api/core';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import type { CommentLinkAction } from '../submitting/comment-signing';
import { CommentMailsService } from './comment-mails.service';

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

/** The page's one button: a form without `action` posts to the page's own address, the link's token with it. */
const buttonOf = (label: string) => `<form method="post"><button type="submit">${escapeText(label)}</button></form>`;

/** The statuses of a refused link, as the error filter answers them too. */
const REFUSAL_STATUS: Partial<Record<string, number>> = { BAD_REQUEST: 400, FORBIDDEN: 403, NOT_FOUND: 404 };

/**
 * The pages of the comment mails' links, no sign-in: the signed link is the authority. Opening a link
 * (GET) only shows a page with a button, as mail scanners follow links; a refused link is a page saying
 * why. The button (POST, no cookie needed) acts; its refusals are the API's errors. A moderation link
 * acts only while the comment still waits (one use); the unsubscribe door is also RFC 8058's one-click
 * POST (`List-Unsubscribe=One-Click`).
 */
@Controller('comments/mail')
export class CommentMailLinksController {
  constructor(private readonly mails: CommentMailsService) {}

  @Get('moderate')
  async moderatePage(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.page(res, async () => {
      const { action, id } = this.linkOf(token, ['approve', 'spam']);
      const comment = await this.mails.comment(id);
      if (comment.state !== 'pending') return sendPage(res, 200, TEXT.moderatedTitle, this.moderated(comment.state));
      const words = TEXT[action];
      sendPage(
        res,
        200,
        words.title,
        paragraph(`${comment.author_name} <${comment.author_email}> under “${comment.subject_title}”:`) +
          `<blockquote>${comment.body.split('\n').map(escapeText).join('<br>')}</blockquote>` +
          buttonOf(words.button),
      );
    });
  }

  @Post('moderate')
  async moderate(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const { action, id } = this.linkOf(token, ['approve', 'spam']);
    const result = await this.mails.moderateByLink(action, id);
    if (!result.done) return sendPage(res, 200, TEXT.moderatedTitle, this.moderated(result.state));
    sendPage(res, 200, TEXT[action].done, this.commentsScreenLink());
  }

  @Get('unsubscribe')
  async unsubscribePage(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.page(res, async () => {
      await this.mails.comment(this.linkOf(token, ['unsubscribe']).id);
      sendPage(res, 200, TEXT.unsubscribe.title, buttonOf(TEXT.unsubscribe.button));
    });
  }

  /** RFC 8058 one-click unsubscribe (the mail provider's POST, from anywhere, no cookie), and the page's button. */
  @Post('unsubscribe')
  async unsubscribe(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.mails.unsubscribe(this.linkOf(token, ['unsubscribe']).id);
    sendPage(res, 200, TEXT.unsubscribe.done, '');
  }

  /**
   * The action and comment a link names, one of `actions`; else 400 (not a link of the mails, or one for
   * another page) or 403 (forged, expired), saying why.
   */
  private linkOf<Action extends CommentLinkAction>(
    token: unknown,
    actions: readonly Action[],
  ): { action: Action; id: number } {
    const link = this.mails.readLink(typeof token === 'string' ? token : '');
    if ('refused' in link) {
      if (link.refused === 'malformed') throw badToken(TEXT.refused.malformed);
      const why = link.refused === 'expired' ? TEXT.refused.expired(link.expiredAt as Date) : TEXT.refused.forged;
      throw new DomainError('FORBIDDEN', why);
    }
    const action = actions.find((allowed) => allowed === link.action);
    if (!action) throw badToken(TEXT.refused.otherPage);
    return { action, id: link.id };
  }

  /** Runs `show`; a refused link (or its comment gone) is answered with a page saying why. */
  private async page(res: Response, show: () => Promise<void>): Promise<void> {
    try {
      await show();
    } catch (error) {
      const refusal = asDomainError(error);
      const status = refusal && REFUSAL_STATUS[refusal.code];
      if (!status) throw error;
      sendPage(res, status, TEXT.invalidTitle, paragraph(refusal.message));
    }
  }

  private moderated(state: string): string {
    return paragraph(TEXT.alreadyModerated(state)) + this.commentsScreenLink();
  }

  private commentsScreenLink(): string {
    return `<p><a href="${escapeAttribute(this.mails.commentsScreenUrl)}">${TEXT.commentsScreen}</a></p>`;
  }
}

const badToken = (message: string) => new DomainError('BAD_REQUEST', message, [{ field: 'token', message }]);
