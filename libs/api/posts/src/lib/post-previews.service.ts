import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import {
  OK,
  POST_STATUS,
  PREVIEW_LINK_LIFETIME_DAYS,
  previewPath,
  publicationStateOf,
  type Ok,
  type PostPreview,
  type PreviewLink,
} from '@blog/contracts';
import { livePostSql, PostEntity, PostPreviewEntity } from '@blog/api/data';
import { constraintViolationOf, DomainError, newSecretToken, PG_ERROR, secretTokenHash } from '@blog/api/core';
import type { PostWithCategory } from './post-mappers';
import { PostsService } from './posts.service';

const PREVIEW_NOT_FOUND = 'This preview link is unknown or has expired';

/**
 * Private links to read a post before it is published: anyone holding one reads the post, whatever
 * its state, until the link expires. A token is 32 random bytes (it cannot be guessed, so no rate
 * limit); only its hash is stored, so the database does not give the links away.
 */
@Injectable()
export class PostPreviewsService {
  constructor(
    @InjectRepository(PostPreviewEntity) private readonly previews: Repository<PostPreviewEntity>,
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly postsService: PostsService,
  ) {}

  /** A new link to post `postId`, working for PREVIEW_LINK_LIFETIME_DAYS; the link is shown only now. */
  async create(postId: number): Promise<PreviewLink> {
    const token = newSecretToken();
    // Expired links are of no use to anyone: they go as new ones are made.
    await this.previews.createQueryBuilder().delete().where('expires_at <= now()').execute();
    try {
      const rows: Array<{ expires_at: Date }> = await this.previews.query(
        `INSERT INTO post_previews (post_id, token_hash, expires_at)
         SELECT id, $2, now() + make_interval(days => $3) FROM posts WHERE id = $1 AND ${livePostSql('posts')}
         RETURNING expires_at`,
        [postId, secretTokenHash(token), PREVIEW_LINK_LIFETIME_DAYS],
      );
      // No row: no such post out of the trash (one deleted meanwhile: its foreign key says so below).
      if (!rows[0]) throw DomainError.notFound('Post');
      return { path: previewPath(token), expires_at: rows[0].expires_at.toISOString() };
    } catch (error) {
      // The post's foreign key, the table's only one, says whether the post exists.
      if (constraintViolationOf(error)?.code === PG_ERROR.foreignKeyViolation) throw DomainError.notFound('Post');
      throw error;
    }
  }

  /** The post a link leads to; 404 for a link unknown or expired (the same answer: nothing to learn from it). */
  async read(token: string): Promise<PostPreview> {
    const preview = await this.previews
      .createQueryBuilder('preview')
      .innerJoinAndSelect('preview.post', 'post')
      .innerJoinAndSelect('post.category', 'category')
      .where('preview.token_hash = :hash', { hash: secretTokenHash(token) })
      .andWhere('preview.expires_at > now()')
      .andWhere(livePostSql('post'))
      .getOne();
    if (!preview?.post) throw new DomainError('NOT_FOUND', PREVIEW_NOT_FOUND);
    const post = preview.post as PostWithCategory;
    return {
      post: await this.postsService.toDetail(post),
      state: publicationStateOf(post.published_at?.toISOString() ?? null),
      hidden: post.status === POST_STATUS.hidden,
      expires_at: preview.expires_at.toISOString(),
    };
  }

  /** Ends every link to post `postId`. */
  async revokeAll(postId: number): Promise<Ok> {
    if (!(await this.posts.existsBy({ id: postId, deleted_at: IsNull() }))) throw DomainError.notFound('Post');
    await this.previews.delete({ post_id: postId });
    return OK;
  }
}
