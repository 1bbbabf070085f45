import { projectPath } from '@blog/contracts';
import {
  eventually,
  startTestSmtpServer,
  testConfig,
  testJobsModule,
  useTestApp,
  type ReceivedMail,
  type TestSmtpServer,
} from '@blog/api/testing';
import { CommentsService } from '../submitting/comments.service';
import { useCommentsFixture } from '../testing/comments-fixture';
import { COMMENT_MAIL_PAGE_TEXT } from './comment-mail-links.controller';
import { CommentMailsModule } from './comment-mails.module';
import { COMMENT_MAIL_JOB, CommentMailsService } from './comment-mails.service';

const OWNER = 'owner@example.com';

/** The path and query of the link after `label` in a mail's text. */
const linkAfter = (mail: ReceivedMail, label: string) => {
  const url = mail.text.match(new RegExp(`${label}:?\\s+(http\\S+)`))?.[1];
  if (!url) throw new Error(`No link after "${label}" in:\n${mail.text}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

describe('comment mails, sent through a real SMTP server by a job', () => {
  let smtp: TestSmtpServer;
  /** The addresses the SMTP server refuses for good (550). */
  const refusing = new Set<string>();
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ refuses: (to) => to.some((address) => refusing.has(address)) });
  });
  afterAll(() => smtp.stop());
  const t = useTestApp([testJobsModule(), CommentMailsModule], {
    realSmtp: true,
    signIn: true,
    config: () => testConfig({ SMTP_URL: smtp.url, CONTACT_NOTIFY_EMAIL: OWNER }),
  });
  const { submit, sql, http, slugs, stored, projects, projectSlugs } = useCommentsFixture(t);
  const mails = () => t.app.get(CommentMailsService);
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  /** Whether the owner's mail is about the comment `id` (its links name it). */
  const isHeldMailOf = (mail: ReceivedMail, id: number) => {
    const token = mail.text.match(/moderate\?token=(\S+)/)?.[1];
    const link = token ? t.app.get(CommentsService).signing.readLink(decodeURIComponent(token)) : undefined;
    return mail.to.includes(OWNER) && link !== undefined && 'id' in link && link.id === id;
  };
  const heldMailOf = (id: number) => smtp.waitForMail((mail) => isHeldMailOf(mail, id));
  /** Waits until the queue has run every comment mail job: what they were to send is in `smtp.received`. */
  const jobsDone = () =>
    eventually(async () => {
      const [{ count }] = await sql<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [COMMENT_MAIL_JOB],
      );
      expect(count).toBe(0);
    });
  const shownIds = async () =>
    (await http().get(`/api/posts/${slugs.lesson}/comments`).expect(200)).body.comments.flatMap(
      (comment: { id: number; replies: Array<{ id: number }> }) => [comment.id, ...comment.replies.map((r) => r.id)],
    );

  it("mails the owner a held comment: the post, the writer, the text, the signals and both links; following Approve's page approves it once", async () => {
    const { id } = (
      await submit({ author_name: 'Lan', author_url: 'https://lan.example', body: 'Why "đi"?\nAnd "về"?' })
    ).body;
    const mail = await heldMailOf(id);
    const [post] = await sql<Array<{ title: string }>>(`SELECT title FROM posts WHERE slug = $1`, [slugs.lesson]);
    expect(mail.subject).toBe(`A comment waits for approval on “${post.title}”`);
    expect(mail.text).toContain('Lan <lan@example.com>, website https://lan.example');
    expect(mail.text).toContain(`/${slugs.lesson}`);
    expect(mail.text).toContain('Why "đi"?\nAnd "về"?');
    expect(mail.text).toMatch(/Spam score 0 \(marked spam at 50\); signals: none\./);
    expect(mail.text).toContain('http://blog.test/admin/comments?state=pending');

    const approve = linkAfter(mail, 'Approve');
    // Opening the link only shows the comment and a button: mail scanners follow links.
    const page = await http().get(approve).expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('<button type="submit">Approve</button>');
    expect(page.text).toContain('Why "đi"?<br>And "về"?');
    expect(await stored(id)).toMatchObject({ state: 'pending' });

    const done = await http().post(approve).expect(200);
    expect(done.text).toContain(COMMENT_MAIL_PAGE_TEXT.approve.done);
    expect(await stored(id)).toMatchObject({ state: 'approved' });
    expect(await shownIds()).toEqual([id]);

    // One use: the same link, or the other one, now says so and changes nothing.
    for (const link of [approve, linkAfter(mail, 'Mark as spam')]) {
      const again = await http().post(link).expect(200);
      expect(again.text).toContain(COMMENT_MAIL_PAGE_TEXT.alreadyModerated('approved'));
      expect((await http().get(link).expect(200)).text).not.toContain('<button');
    }
    expect(await stored(id)).toMatchObject({ state: 'approved' });
  });

  it("names the project and links to its page in the held comment's mail and the reply's", async () => {
    const { id } = (
      await submit({
        post_id: undefined,
        project_id: projects.homestay,
        author_email: 'hoa@example.com',
        notify_replies: true,
        body: 'How long?',
      })
    ).body;
    const held = await heldMailOf(id);
    expect(held.subject).toBe('A comment waits for approval on “Homestay booking”');
    expect(held.text).toContain(`http://blog.test${projectPath(projectSlugs.homestay)}`);
    const reply = (await t.admin.post(`/api/comments/${id}/reply`).send({ body: 'Two weeks.' }).expect(200)).body;
    expect(reply).toMatchObject({ post: null, project: { id: projects.homestay } });
    const mail = await smtp.waitForMail((m) => m.to.includes('hoa@example.com'));
    expect(mail.subject).toMatch(/replied to your comment on “Homestay booking”$/);
    expect(mail.text).toContain(`http://blog.test${projectPath(projectSlugs.homestay)}#comment-${reply.id}`);
  });

  it('Mark as spam from the mail marks it and teaches the filter; after the owner trashed it in the admin the link says so', async () => {
    const spammed = (await submit({ author_email: 'seo@example.com', body: 'Visit https://pills.example' })).body.id;
    const spam = linkAfter(await heldMailOf(spammed), 'Mark as spam');
    expect((await http().post(spam).expect(200)).text).toContain(COMMENT_MAIL_PAGE_TEXT.spam.done);
    expect(await stored(spammed)).toMatchObject({ state: 'spam' });
    expect(await sql(`SELECT kind, value FROM comment_spam_marks WHERE kind = 'host'`)).toEqual([
      { kind: 'host', value: 'pills.example' },
    ]);

    const trashed = (await submit({ author_email: 'an@example.com', body: 'A tip' })).body.id;
    const approve = linkAfter(await heldMailOf(trashed), 'Approve');
    await t.admin.post(`/api/comments/${trashed}/trash`).expect(200);
    expect((await http().post(approve).expect(200)).text).toContain(COMMENT_MAIL_PAGE_TEXT.alreadyModerated('trash'));
    expect(await stored(trashed)).toMatchObject({ state: 'trash' });
  });

  it('refuses a link that is forged (403), expired (403), not one of ours or for another page (400), or whose comment is gone (404), saying why', async () => {
    const { id } = (await submit()).body;
    const { signing } = t.app.get(CommentsService);
    const path = (token: string) => `/api/comments/mail/moderate?token=${encodeURIComponent(token)}`;
    const valid = signing.link('approve', id, Date.now() + 60_000);
    // Another comment's id under this link's signature.
    const forged = valid.replace(`-${id}-`, `-${id + 1}-`);
    const cases: Array<[string, string, number, string]> = [
      ['forged', forged, 403, COMMENT_MAIL_PAGE_TEXT.refused.forged],
      ['expired', signing.link('approve', id, Date.now() - 1000), 403, 'This link expired on'],
      ['not ours', 'approve-me', 400, COMMENT_MAIL_PAGE_TEXT.refused.malformed],
      ['for another page', signing.link('unsubscribe', id), 400, COMMENT_MAIL_PAGE_TEXT.refused.otherPage],
      ['of a comment gone', signing.link('approve', id + 1000, Date.now() + 60_000), 404, 'no longer exists'],
    ];
    for (const [, token, status, why] of cases) {
      // The page opened from the mail says why; its button's POST is refused as the API's errors are.
      expect((await http().get(path(token)).expect(status).expect('Content-Type', /html/)).text).toContain(why);
      expect((await http().post(path(token)).expect(status)).body.message).toContain(why);
    }
    expect((await http().post('/api/comments/mail/moderate').expect(400)).body.errors).toEqual([
      { field: 'token', message: COMMENT_MAIL_PAGE_TEXT.refused.malformed },
    ]);
    expect(await stored(id)).toMatchObject({ state: 'pending' });
  });

  it('sends nothing for spam nor for a comment shown at once: only held comments are mailed', async () => {
    const spam = (await submit({ phone: 'filled', author_email: 'bot@example.com' })).body.id;
    const earlier = (await submit({ author_email: 'trusted@example.com', body: 'Earlier' })).body.id;
    await t.admin.post(`/api/comments/${earlier}/approve`).expect(200);
    const shown = (await submit({ author_email: 'trusted@example.com', body: 'Thanks again' })).body;
    expect(shown.state).toBe('approved');
    await jobsDone();
    expect(smtp.received.filter((mail) => isHeldMailOf(mail, spam) || isHeldMailOf(mail, shown.id))).toEqual([]);
    expect(await sql(`SELECT comment_id FROM comment_mails`)).toEqual([{ comment_id: earlier }]);
  });

  it("a permanent refusal (5xx) of the owner's mail fails neither the submit nor the job, which does not try again", async () => {
    refusing.add(OWNER);
    try {
      const { id, state } = (await submit({ author_email: 'hoa@example.com' })).body;
      expect(state).toBe('pending');
      // Handled for good: the claim kept, the job done.
      await jobsDone();
      expect(await sql(`SELECT kind FROM comment_mails WHERE comment_id = $1`, [id])).toEqual([{ kind: 'held' }]);
      expect(smtp.received.filter((mail) => isHeldMailOf(mail, id))).toEqual([]);
    } finally {
      refusing.delete(OWNER);
    }
  });

  describe('reply notifications', () => {
    /** An approved comment of `email` that asked for reply mails. */
    async function asked(email = 'lan@example.com') {
      const { id } = (await submit({ author_email: email, notify_replies: true })).body;
      await t.admin.post(`/api/comments/${id}/approve`).expect(200);
      return id as number;
    }

    it("mails the owner's reply once, with its text, its link and RFC 8058 unsubscribe headers; re-approving or sending again mails nothing", async () => {
      const parent = await asked();
      const reply = (
        await t.admin.post(`/api/comments/${parent}/reply`).send({ body: 'Yes, the same verb.' }).expect(200)
      ).body;
      const mail = await smtp.waitForMail((m) => m.to.includes('lan@example.com'));
      expect(mail.subject).toMatch(/^.+ \(the author\) replied to your comment on “.+”$/);
      expect(mail.text).toContain('Yes, the same verb.');
      expect(mail.text).toContain(`http://blog.test/${slugs.lesson}#comment-${reply.id}`);
      expect(mail.rawHeaders['list-unsubscribe']).toMatch(
        /^<http:\/\/blog\.test\/api\/comments\/mail\/unsubscribe\?token=[^>]+>, <mailto:no-reply@blog\.test\?subject=unsubscribe>$/,
      );
      expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      // Un-approved and approved again, edited, sent again by hand: nothing more.
      await t.admin.post(`/api/comments/${reply.id}/trash`).expect(200);
      await t.admin.post(`/api/comments/${reply.id}/approve`).expect(200);
      await t.admin.put(`/api/comments/${reply.id}`).send({ body: 'Yes, the same verb!' }).expect(200);
      expect(await mails().send('reply', reply.id)).toBe(false);
      await jobsDone();
      expect(mailsTo('lan@example.com')).toHaveLength(1);

      // Two senders at once (two instances, a retried job): one mails, the other finds its claim.
      await sql(`DELETE FROM comment_mails WHERE comment_id = $1`, [reply.id]);
      const sent = await Promise.all([mails().send('reply', reply.id), mails().send('reply', reply.id)]);
      expect(sent.sort()).toEqual([false, true]);
      expect(mailsTo('lan@example.com')).toHaveLength(2);
      expect(await sql(`SELECT count(*)::int AS count FROM comment_mails WHERE comment_id = $1`, [reply.id])).toEqual([
        { count: 1 },
      ]);
    });

    it("mails a reader's reply when it is approved from the owner's mail, never a reply of the writer's own e-mail nor to one who did not ask", async () => {
      const parent = await asked('binh@example.com');
      const other = (await submit({ author_email: 'chi@example.com' })).body.id;
      await t.admin.post(`/api/comments/${other}/approve`).expect(200);

      const own = (await submit({ author_email: 'BINH@example.com', parent_id: parent, body: 'Also…' })).body.id;
      const toOther = (await submit({ author_email: 'dan@example.com', parent_id: other, body: 'Me too' })).body.id;
      const answer = (await submit({ author_email: 'em@example.com', parent_id: parent, body: 'Try "đi về"' })).body.id;
      for (const id of [own, toOther]) await t.admin.post(`/api/comments/${id}/approve`).expect(200);

      await http()
        .post(linkAfter(await heldMailOf(answer), 'Approve'))
        .expect(200);
      const mail = await smtp.waitForMail((m) => m.to.includes('binh@example.com'));
      expect(mail.text).toContain('Try "đi về"');
      await jobsDone();
      expect(mailsTo('binh@example.com')).toHaveLength(1);
      expect(mailsTo('chi@example.com')).toEqual([]);
    });

    it('one-click unsubscribe (a POST from the provider, no cookie) turns the reply mails off on every comment of that e-mail', async () => {
      const first = await asked('giang@example.com');
      const second = await asked('Giang@example.com');
      await t.admin.post(`/api/comments/${first}/reply`).send({ body: 'Welcome' }).expect(200);
      const mail = await smtp.waitForMail((m) => m.to.includes('giang@example.com'));
      const url = new URL(mail.rawHeaders['list-unsubscribe'].match(/<(http[^>]+)>/)![1]);
      const path = `${url.pathname}${url.search}`;

      const page = await http().get(path).expect(200);
      expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
      expect(await stored(first)).toMatchObject({ notify_replies: true });
      const done = await http()
        .post(path)
        .set('Origin', 'https://mail.provider.example')
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(done.text).toContain(COMMENT_MAIL_PAGE_TEXT.unsubscribe.done);
      expect(await stored(first)).toMatchObject({ notify_replies: false });
      expect(await stored(second)).toMatchObject({ notify_replies: false });

      await t.admin.post(`/api/comments/${second}/reply`).send({ body: 'Again' }).expect(200);
      await jobsDone();
      expect(mailsTo('giang@example.com')).toHaveLength(1);
    });
  });
});
