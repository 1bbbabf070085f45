/**
 * `SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/scripts/render-post-mail.ts < mail.json`:
 * a post's subscriber mail, from `{ "post": MailPost, "site": MailSite }` on standard input (or a weekly
 * digest, from `{ "digest": DigestPost[], "site": MailSite }`), as JSON `{ subject, html, text }` on
 * standard output. For a look at a mail before sending, and for the browser test that checks a mail's
 * HTML in Chromium.
 */
import { text } from 'node:stream/consumers';
import {
  renderDigestMail,
  renderPostMail,
  type DigestPost,
  type MailPost,
  type MailSite,
} from '@blog/api/subscriptions';

type Input = { post: MailPost; site: MailSite } | { digest: DigestPost[]; site: MailSite };

async function main(): Promise<void> {
  const input = JSON.parse(await text(process.stdin)) as Input;
  const mail = 'digest' in input ? renderDigestMail(input.digest, input.site) : renderPostMail(input.post, input.site);
  process.stdout.write(JSON.stringify(mail));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
