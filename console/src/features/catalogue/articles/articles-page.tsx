import { type Article, ArticleForm, addFlagOf, flagState, isAdminUser } from '@pulsera/contracts';
import { useMemo } from 'react';
import { ItemsCell } from '../../../components/items-cell';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { formatDateTime } from '../../../lib/format';
import { type Money, useMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { articleKeys, deleteArticle, listArticles, saveArticle } from './api';
import { ArticleFields } from './article-fields';
import { type Extra, P } from './article-options';
import { ArticleSearch } from './article-search';
import { Thumb, Tick } from './shared';

/**
 * admin/cashless/articles (permission articulos; 02-catalogue §2 Articles, §3, §4, §5): the server-side
 * search with the pending new articles above the table (image, name, only adults, only gift, note
 * required, forbidden roles, complement of, last modification, id for administrators), and the detail
 * with the tabs General, Sales restrictions, Suggested comments, Exchange article and Addons.
 */
function useDefinition(isAdmin: boolean, money: Money, tz: string | undefined) {
  return useMemo((): ResourceDefinition<Article, ArticleForm, Extra> => {
    return {
      prefix: P,
      serverFields: {
        prefix: 'articleEvent.',
        rename: { precio_base: 'precio', permite_importe_manual: 'permiteImporteManual' },
      },
      queryKey: articleKeys.list(),
      invalidates: [articleKeys.all],
      load: async () => {
        const { articles, ...rest } = await listArticles();
        return {
          rows: articles,
          extra: {
            ...rest,
            names: new Map(articles.map((a) => [a.id, a.nombre])),
            rolNames: new Map(rest.rols.map((r) => [r.id, r.name])),
          },
        };
      },
      rowKey: (r) => r.id,
      canCreate: false,
      columns: [
        { key: 'id', width: 70, hidden: !isAdmin },
        { key: 'image', width: 60, render: (r) => <Thumb url={r.pictureFull?.url} /> },
        { key: 'nombre' },
        { key: 'onlyAdults', collapse: true, render: (r) => <Tick on={r.onlyAdults === 1} /> },
        { key: 'gift', collapse: true, render: (r) => <Tick on={r.gift === 1} /> },
        { key: 'isNoteRequired', collapse: true, render: (r) => <Tick on={r.isNoteRequired === 1} /> },
        {
          key: 'bannedRols',
          collapse: true,
          render: (r, x) => <ItemsCell items={r.bannedRols.map((id) => x?.rolNames.get(id) ?? `#${id}`)} />,
        },
        {
          key: 'idBase',
          render: (r, x) => (r.idBase === null ? '' : (x?.names.get(r.idBase) ?? `#${r.idBase}`)),
        },
        { key: 'date_update', collapse: true, render: (r) => formatDateTime(r.date_update, tz) },
      ],
      schema: ArticleForm,
      // Articles are created from the pending panel (no New button): never used.
      empty: () => ({
        nombre: '',
        precio: 0,
        qrPrint: 0,
        isComplement: false,
        idBase: null,
        flags: [],
        gift: 0,
        onlyAdults: 0,
        bannedRols: [],
        isNoteRequired: 0,
        suggestedComments: [],
        addons: [],
        exchanges: [],
        externalAnalyticsId: '',
        permiteImporteManual: false,
        id_complemento: null,
      }),
      toValues: (r) => ({
        nombre: r.nombre,
        precio: money.toInput(r.precio_base),
        qrPrint: r.qrPrint,
        isComplement: r.idBase !== null,
        idBase: r.idBase === null ? null : String(r.idBase),
        flags: r.flags
          .map((f) => ({ idFlag: f.idFlag, state: flagState(f.addFlag) }))
          .sort((a, b) => a.idFlag - b.idFlag),
        gift: r.gift,
        onlyAdults: r.onlyAdults,
        bannedRols: r.bannedRols.map(String),
        isNoteRequired: r.isNoteRequired,
        suggestedComments: r.suggestedComments.map((s) => ({ uuid: s.uuid, text: s.text })),
        addons: r.addons.map(String),
        exchanges: r.exchanges.map((x) => ({
          idArticleExchange: x.idArticleExchange.map(String),
          sortBy: x.sortBy,
          timeRanges: x.timeRanges.map(String),
        })),
        externalAnalyticsId: r.externalAnalyticsId ?? '',
        permiteImporteManual: r.permite_importe_manual === 'S',
        id_complemento: r.id_complemento,
      }),
      // The form-save helper has dropped empty values: absent means none.
      save: (v, row) =>
        saveArticle({
          id: row!.id,
          nombre: v.nombre,
          precio_base: money.toCents(v.precio),
          qrPrint: v.qrPrint,
          idBase: v.isComplement && v.idBase ? Number(v.idBase) : null,
          flags: (v.flags ?? []).map((f) => ({ idFlag: f.idFlag, addFlag: addFlagOf(f.state) })),
          gift: v.gift,
          onlyAdults: v.onlyAdults,
          bannedRols: (v.bannedRols ?? []).map(Number),
          isNoteRequired: v.isNoteRequired,
          suggestedComments: (v.suggestedComments ?? []).map((s) => ({ uuid: s.uuid, text: s.text })),
          addons: (v.addons ?? []).map(Number),
          exchanges: (v.exchanges ?? []).map((x) => ({
            idArticleExchange: x.idArticleExchange.map(Number),
            sortBy: x.sortBy,
            timeRanges: (x.timeRanges ?? []).map(Number),
          })),
          externalAnalyticsId: v.externalAnalyticsId || null,
          permite_importe_manual: v.permiteImporteManual ? 'S' : 'N',
          id_complemento: v.id_complemento ?? null,
        }),
      remove: (r) => deleteArticle(r.id),
      listSpan: 5,
      aboveList: ({ rows, open }) => <ArticleSearch rows={rows} open={open} />,
      Form: (props) => <ArticleFields {...props} money={money} />,
    };
  }, [isAdmin, money, tz]);
}

export default function ArticlesPage() {
  const session = useSession();
  const isAdmin = session.user ? isAdminUser(session.user) : false;
  const money = useMoney();
  const def = useDefinition(isAdmin, money, session.event?.zona_horaria);
  return <ResourceScreen def={def} />;
}
