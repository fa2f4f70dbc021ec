import { useTranslation } from 'react-i18next';
import { ReportPage, useFilterInfo } from '../../../components/reports/report-page';
import { useReportFilter } from '../../../components/reports/use-report-filter';
import { AddonStats, STATS } from './addon-stats';

/**
 * admin/reports/addons (permission reportAddons; 02-catalogue §7 Add-on report): the add-on
 * statistics with the reports' filter bar (day or dates, staff, add-on).
 */
export default function AddonReportPage() {
  const { t } = useTranslation();
  const filters = useReportFilter(['day', 'dates', 'staff', 'addon']);
  const info = useFilterInfo(filters);
  return (
    <ReportPage title={t(`${STATS}.reportTitle`)} filters={filters}>
      {filters.ready && <AddonStats filters={filters.query} filterInfo={info} />}
    </ReportPage>
  );
}
