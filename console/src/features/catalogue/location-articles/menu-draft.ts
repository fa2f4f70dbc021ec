/**
 * The location menu as the screen edits it: the draft of its items and sticks, built from a saved
 * location.
 */
import type { MenuLocation } from '@pulsera/contracts';
import type { Money } from '../../../lib/money';
import { C } from '../articles/shared';

export const P = `${C}.locationArticles`;

/** A menu item as the screen edits it: the price in the display currency (null while not a number). */
export interface Draft {
  /** The saved item's id; absent for an article added since the last save. */
  id?: number;
  idArticle: number;
  nombre: string;
  precio: number | null;
  order: number;
  isManual: 0 | 1;
  visible: 0 | 1;
  srcPicture: string | null;
}
export interface DraftStick {
  idArticle: number;
  idArticleStick: number;
  quantity: number;
}
export interface MenuDraft {
  items: Draft[];
  sticks: DraftStick[];
}

export const fromLocation = (l: MenuLocation, money: Money): MenuDraft => ({
  items: l.articles.map((a) => ({
    id: a.id,
    idArticle: a.idArticle,
    nombre: a.nombre,
    precio: money.toInput(a.precio),
    order: a.order,
    isManual: a.isManual,
    visible: a.visible,
    srcPicture: a.srcPicture,
  })),
  sticks: l.articlesStick.map((s) => ({
    idArticle: s.idArticle,
    idArticleStick: s.idArticleStick,
    quantity: s.quantity,
  })),
});

export const priceInvalid = (p: number | null) => p === null || !Number.isFinite(p) || p < 0;
export const byOrder = (items: Draft[]) => [...items].sort((a, b) => a.order - b.order);
