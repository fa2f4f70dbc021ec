import type { OverviewComplementsResult } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { ReportPage, Stat, StatGrid, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { TICKETING, TK } from './api';
import { CountChart, TicketingTabs } from './shared';

const FIELDS: FilterField[] = ['day', 'dates'];
type AddonRow = OverviewComplementsResult['addons'][number];
type ArticleRow = OverviewComplementsResult['articles'][number];

/**
 * Ticketing, complements tab (permission tickets): the add-ons bought with the tickets and loaded at
 * validation (AV), and the articles handed out with them (RV-WA, AV-WA), as they stood at the end of
 * the chosen window (now without one).
 */
export default function ComplementsPage() {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const filters = useReportFilter(FIELDS);
  const f = (k: string) => t(`${TK}.fields.${k}`);
  const report = useReport<OverviewComplementsResult>(
    TICKETING.overviewComplements,
    { datetime: filters.query.dateEnd },
    { enabled: filters.ready },
  );
  const addons = report.data?.addons ?? [];
  const articles = report.data?.articles ?? [];
  const info: [string, string][] = report.data ? [[f('at'), formatDateTime(report.data.datetime, tz)]] : [];
  const addonColumns: ReportColumn<AddonRow>[] = [
    { key: 'name', label: f('addon'), value: (r) => r.name ?? `#${r.idAddon}` },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    { key: 'wristbands', label: f('wristbands'), value: (r) => r.wristbands, total: true },
    { key: 'amountCash', label: f('amountCash'), value: (r) => r.amountCash, money: true, total: true },
    { key: 'amountBonus', label: f('amountBonus'), value: (r) => r.amountBonus, money: true, total: true },
  ];
  const articleColumns: ReportColumn<ArticleRow>[] = [
    { key: 'name', label: f('article'), value: (r) => r.name ?? `#${r.idArticle}` },
    { key: 'quantity', label: f('quantity'), value: (r) => r.quantity, total: true },
  ];
  return (
    <ReportPage title={t(`${TK}.complements.title`)} tabs={<TicketingTabs />} filters={filters}>
      <StatGrid>
        <Stat
          label={f('addonsLoaded')}
          value={addons.reduce((s, a) => s + a.count, 0)}
          testId="stat-addons"
        />
        <Stat
          label={f('amountBonus')}
          value={addons.reduce((s, a) => s + a.amountBonus, 0)}
          money
          testId="stat-addon-bonus"
        />
        <Stat
          label={f('articlesGiven')}
          value={articles.reduce((s, a) => s + a.quantity, 0)}
          testId="stat-articles"
        />
      </StatGrid>
      <CountChart
        title={t(`${TK}.complements.addons`)}
        rows={addons}
        label={(r) => r.name ?? `#${r.idAddon}`}
        series={[{ key: 'count', label: f('count'), color: 'grape.6', value: (r) => r.count }]}
        testId="complements-chart"
      />
      <ReportTable
        title={t(`${TK}.complements.addons`)}
        fileName="complements-addons"
        columns={addonColumns}
        rows={addons}
        rowKey={(r) => r.idAddon}
        filterInfo={info}
        loading={report.isFetching}
        testId="complements-addons-table"
      />
      <ReportTable
        title={t(`${TK}.complements.articles`)}
        fileName="complements-articles"
        columns={articleColumns}
        rows={articles}
        rowKey={(r) => r.idArticle}
        filterInfo={info}
        loading={report.isFetching}
        testId="complements-articles-table"
      />
    </ReportPage>
  );
}
