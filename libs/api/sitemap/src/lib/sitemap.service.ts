import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { POST_STATUS } from '@blog/contracts';
import { CategoryEntity, PostEntity } from '@blog/api/data';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

/** The XML sitemap of every public URL, each with the date its content last changed. */
@Injectable()
export class SitemapService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
  ) {}

  async entries(): Promise<SitemapEntry[]> {
    const [posts, categories] = await Promise.all([
      this.posts.find({
        select: ['slug', 'updated_at', 'category_id'],
        where: { status: POST_STATUS.visible },
        order: { updated_at: 'DESC', id: 'DESC' },
      }),
      this.categories.find({ select: ['id', 'slug', 'updated_at'], order: { id: 'ASC' } }),
    ]);
    const siteChanged = latest([...posts, ...categories].map((item) => item.updated_at));
    const categoryChanged = (category: CategoryEntity) =>
      latest([
        category.updated_at,
        ...posts.filter((post) => post.category_id === category.id).map((post) => post.updated_at),
      ]);
    return [
      { path: '/', lastmod: siteChanged },
      { path: '/posts', lastmod: siteChanged },
      { path: '/about', lastmod: siteChanged },
      { path: '/contact', lastmod: siteChanged },
      ...categories.map((category) => ({
        path: `/category/${encodeURIComponent(category.slug)}`,
        lastmod: categoryChanged(category),
      })),
      ...posts.map((post) => ({ path: `/${encodeURIComponent(post.slug)}`, lastmod: post.updated_at })),
    ];
  }

  async xml(): Promise<string> {
    const urls = (await this.entries()).map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(this.config.siteUrl + entry.path)}</loc>\n` +
        `    <lastmod>${entry.lastmod.toISOString()}</lastmod>\n  </url>`,
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  }
}

function latest(dates: Date[]): Date {
  return dates.reduce((max, date) => (date > max ? date : max), new Date(0));
}
