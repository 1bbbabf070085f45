/**
 * A post as a plain mail: the subject is its title, the text its summary and link, the HTML the same
 * escaped. A stand-in with the signature of the rendered post mail (`renderPostMail`), which replaces it.
 */
export interface PostMailPost {
  title: string;
  summary: string;
  /** The post's absolute address. */
  url: string;
}

export interface PostMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function postMailOf(post: PostMailPost, site: { site_name: string }): PostMail {
  return {
    subject: post.title,
    text: `${post.summary}\n\nRead it on ${site.site_name}: ${post.url}\n`,
    html:
      `<h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(post.summary)}</p>` +
      `<p><a href="${escapeHtml(post.url)}">Read it on ${escapeHtml(site.site_name)}</a></p>`,
  };
}
