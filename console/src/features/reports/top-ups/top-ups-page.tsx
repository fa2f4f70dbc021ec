import { FirstTab } from '../../../components/reports/report-tabs';
import { TOP_UP_TABS } from './api';

/** admin/reports/top-ups: the recharge reports tab shell opens the first tab the user may see. */
export default function TopUpsPage() {
  return <FirstTab tabs={[...TOP_UP_TABS]} />;
}
