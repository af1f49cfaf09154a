/** Blog articles: configured ones kept (dates as ISO 8601 UTC), slugs and URLs derived. */
import type { Faker } from '@faker-js/faker';
import type { Diagnostic } from '../diagnostics.js';
import type { IArticleConfig } from '../generated/spec/blog.js';
import type { MockArticle } from '../generated/spec/mock-data.js';
import { imageUrl, type MockContext } from './context.js';
import { SlugRegistry } from '@commerce-kit/internal/slug';
import { parseDate, toIso } from './text.js';

/** Number of articles of the default store (no blog file). */
export const DEFAULT_ARTICLE_COUNT = 3;

const BLOG_FILE = 'blog.stk.config.json';
const HOUR_MS = 3_600_000;
const TAGS = ['news', 'guides', 'new-arrivals', 'sale', 'behind-the-scenes', 'care-tips'];

/** Dates of configured articles that are not convertible to a date (validation normally catches these). */
export function checkArticles(articles: readonly IArticleConfig[] | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  articles?.forEach((article, index) => {
    for (const key of ['createdTime', 'publishedTime'] as const) {
      const value = article[key];
      if (value !== undefined && parseDate(value) === undefined) {
        out.push({
          severity: 'error',
          code: 'invalid-format',
          file: BLOG_FILE,
          pointer: `/${index}/${key}`,
          message: `${key} ${JSON.stringify(value)} is not convertible to a date`,
        });
      }
    }
  });
  return out;
}

function sentence(faker: Faker): string {
  return faker.lorem.sentence({ min: 3, max: 7 }).replace(/\.$/, '');
}

function generateArticle(faker: Faker, ctx: MockContext): IArticleConfig {
  // Generated articles are spread over the 90 days before `now`, each published a few hours after creation.
  const created =
    ctx.now - faker.number.int({ min: 2, max: 90 }) * 24 * HOUR_MS - faker.number.int({ min: 0, max: 23 }) * HOUR_MS;
  const published = created + faker.number.int({ min: 1, max: 24 }) * HOUR_MS;
  return {
    title: sentence(faker),
    metaDescription: faker.lorem.sentence(),
    content: faker.lorem
      .paragraphs(3, '\n')
      .split('\n')
      .map((p) => `<p>${p}</p>`)
      .join('\n'),
    createdTime: toIso(created),
    publishedTime: toIso(Math.min(published, ctx.now)),
    featuredImage: imageUrl(faker, 1200, 630),
    tags: faker.helpers.arrayElements(TAGS, { min: 1, max: 3 }),
  };
}

/** The articles: the blog file's (kept, dates normalised, `publishedTime` defaulting to `now`), or generated ones. */
export function buildArticles(
  faker: Faker,
  ctx: MockContext,
  configured: readonly IArticleConfig[] | undefined,
): MockArticle[] {
  const source = configured ?? Array.from({ length: DEFAULT_ARTICLE_COUNT }, () => generateArticle(faker, ctx));
  const slugs = new SlugRegistry();
  return source.map((article, index) => {
    const { createdTime, publishedTime } = article;
    const slug = slugs.next(article.title, 'article', index + 1);
    // Spread first so every configured field keeps its place; the dates are only rewritten as ISO 8601 UTC.
    return {
      ...article,
      createdTime: toIso(parseDate(createdTime) ?? ctx.now),
      publishedTime: toIso(publishedTime === undefined ? ctx.now : (parseDate(publishedTime) ?? ctx.now)),
      slug,
      url: `/blog/${slug}`,
    };
  });
}
