import type {
  ArticleNew,
  ArticleOption,
  Article as ArticleRow,
  ArticleSave,
  ArticlesCreateResult,
  ArticlesResult,
  LocationArticlesResult,
  MenuLocation,
  MenuSaveRequest,
  PackSave,
  PacksResult,
  StickSaveRequest,
} from '@pulsera/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/**
 * The article catalogue's calls (02-catalogue §7 Articles, Location articles; packs). One key root:
 * a change to the articles makes the menus' and the packs' choices stale too.
 */
export const articleKeys = {
  all: ['articles'] as const,
  list: () => [...articleKeys.all, 'list'] as const,
  find: (name: string) => [...articleKeys.all, 'find', name] as const,
  locations: () => [...articleKeys.all, 'locations'] as const,
  packs: () => [...articleKeys.all, 'packs'] as const,
};

// Articles
export const listArticles = () => api.get<ArticlesResult>('/articles');
/** The typeahead: no loading indicator (01-console §7). */
export const findArticles = (name: string, signal?: AbortSignal) =>
  api.get<ArticleOption[]>('/articles/find', { query: { name }, find: true, signal });
export const createArticles = (articles: z.input<typeof ArticleNew>[]) =>
  api.post<ArticlesCreateResult>('/articles', { articles });
/** Field errors are named `articleEvent.<server name>` (the screen's `serverFields`). */
export const saveArticle = (articleEvent: z.input<typeof ArticleSave>) =>
  api.post<ArticleRow>('/articles/event', { articleEvent }, { form: true });
export const deleteArticle = (id: number) => api.delete<boolean>(`/articles/${id}`);
/** `PUT` attaches an uploaded image, `PUT …/delete` removes it (with articleId). */
export const ARTICLE_IMAGE_PATH = '/articles/image';

// Location articles
export const listLocationArticles = () => api.get<LocationArticlesResult>('/articles/location');
export const saveMenu = (body: z.input<typeof MenuSaveRequest>) =>
  api.post<MenuLocation>('/articles/location', body, { form: true });
export const saveSticks = (body: z.input<typeof StickSaveRequest>) =>
  api.post<MenuLocation>('/articles/stick', body, { form: true });

// Packs
export const listPacks = () => api.get<PacksResult>('/packs');
/** The result is the pack's id. */
export const savePack = (pack: z.input<typeof PackSave>) =>
  api.post<number>('/packs', { pack }, { form: true });
export const deletePack = (id: number) => api.delete<boolean>(`/packs/${id}`);
