/** The fields a post's head is made of (a saved post, or the admin form while it is typed). */
export interface PostHeadFields {
  title: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
}

/**
 * A post's title, description and keywords as its page's head and search results show them: its
 * meta fields, the title where the meta title is blank, the site name where a field is still blank.
 * One rule for the public post page and the admin's search preview.
 */
export function postHeadOf(post: PostHeadFields, siteName: string) {
  return {
    title: post.meta_title.trim() || post.title.trim() || siteName,
    description: post.meta_description.trim() || siteName,
    keywords: post.meta_keywords.trim() || siteName,
  };
}
