/**
 * `SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/scripts/render-post-mail.ts < mail.json`:
 * a post's subscriber mail, from `{ "post": MailPost, "site": MailSite }` on standard input, as JSON
 * `{ subject, html, text }` on standard output. For a look at a mail before sending, and for the
 * browser test that checks a mail's HTML in Chromium.
 */
import { text } from 'node:stream/consumers';
import { renderPostMail, type MailPost, type MailSite } from '@blog/api/subscriptions';

async function main(): Promise<void> {
  const { post, site } = JSON.parse(await text(process.stdin)) as { post: MailPost; site: MailSite };
  process.stdout.write(JSON.stringify(renderPostMail(post, site)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
