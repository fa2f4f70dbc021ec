import { FirstTab } from '../../../components/reports/report-tabs';
import { TICKETING_TABS } from './api';

/** admin/reports/validations: the ticketing tab shell opens the first tab the user may see. */
export default function ValidationsPage() {
  return <FirstTab tabs={[...TICKETING_TABS]} />;
}
