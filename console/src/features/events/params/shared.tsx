import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * 02-catalogue §2 Parameters: "grouped by application". Rows are sorted by application (parameters
 * of no application last), then by name; the first row of each group names the application.
 */
export function groupByApplication<T extends { id: number; appName: string | null; name: string }>(
  rows: T[],
) {
  const last = '\uffff';
  const sorted = [...rows].sort(
    (a, b) =>
      (a.appName ?? last).localeCompare(b.appName ?? last) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  const firstOfGroup = new Set<number>();
  let previous: string | null | undefined;
  sorted.forEach((r, i) => {
    if (i === 0 || r.appName !== previous) firstOfGroup.add(r.id);
    previous = r.appName;
  });
  return { rows: sorted, firstOfGroup };
}

/** The application column: its name on the first row of each group. */
export function ApplicationCell({ name, first }: { name: string | null; first: boolean }) {
  const { t } = useTranslation();
  if (!first) return null;
  return (
    <Badge variant="light" radius="sm" data-testid="params-group">
      {name ?? t('params.noApplication')}
    </Badge>
  );
}
