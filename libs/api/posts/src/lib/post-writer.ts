import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import {
  insertVersion,
  keepRevision,
  lockVersion,
  PostEntity,
  recordSlugChange,
  updateVersion,
  type ChangeOrigin,
} from '@blog/api/data';
import { DomainError, sanitizedRichText } from '@blog/api/core';
import type { Language } from '@blog/contracts';

/** The columns a write of a post sets, its rich text as given. */
export type PostColumns = Omit<QueryDeepPartialEntity<PostEntity>, 'slug' | 'content' | 'short_content'> & {
  slug: string;
  content: string;
  short_content: string;
};

declare const prepared: unique symbol;
/** `PostColumns` whose rich text went through the policy (`preparePost`): the only columns the writes take. */
export type PreparedPost = PostColumns & { readonly [prepared]: true };

/**
 * The one write path of a post, which the admin's saves, the importers, the site-archive restore and the
 * seed all take, so that the same rules apply to each: the rich-text policy (`preparePost`), the version
 * and who wrote it (`insertPost`, `replacePost`), the revision of the version replaced and the slug history.
 * Announcing the write (`PostEvents`) is the caller's: bulk work announces nothing per post.
 */
export function preparePost(columns: PostColumns): PreparedPost {
  const { content, short_content } = columns;
  return { ...columns, ...sanitizedRichText({ content, short_content }) } as PreparedPost;
}

/** Inserts the post as version 1 written by `origin`; answers its id. */
export async function insertPost(manager: EntityManager, post: PreparedPost, origin: ChangeOrigin): Promise<number> {
  return insertVersion(manager, PostEntity, post, origin);
}

/**
 * Writes `post` over the post `id` out of the trash, in one transaction (joined when `manager` is in one):
 * the version it replaces kept as a revision (none when no field changed), a new slug's (or language's) old
 * address kept in the slug history, so it still leads to the post. With `version`, the UPDATE matches that version
 * only (`updateAtVersion` throws `StaleVersion` otherwise). 404 when there is no such post.
 */
export async function replacePost(
  manager: EntityManager,
  id: number,
  post: PreparedPost,
  origin: ChangeOrigin,
  version?: number,
): Promise<void> {
  await manager.transaction(async (transaction) => {
    // Locked, so that two saves of one post record the slug and the version each of them really replaced.
    const replaced = await lockVersion(transaction, 'post', id, 'record.deleted_at IS NULL');
    if (!replaced) throw DomainError.notFound('Post');
    const [{ language }] = (await transaction.query(`SELECT language FROM posts WHERE id = $1`, [id])) as Array<{
      language: Language;
    }>;
    await updateVersion(transaction, PostEntity, id, post, origin, version, 'deleted_at IS NULL');
    await keepRevision(transaction, 'post', id, replaced);
    const newLanguage = (post.language as Language | undefined) ?? language;
    await recordSlugChange(
      transaction,
      'post_id',
      id,
      String(replaced.fields['slug']),
      post.slug,
      language,
      newLanguage,
    );
  });
}
