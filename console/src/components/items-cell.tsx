import { Tooltip } from '@mantine/core';
import { TABLE_MAX_ITEMS } from '@pulsera/contracts';

/** Tables show at most 3 items, then an ellipsis; the full list is in the tooltip. */
export function ItemsCell({ items }: { items: string[] }) {
  if (items.length <= TABLE_MAX_ITEMS) return <>{items.join(', ')}</>;
  return (
    <Tooltip label={items.join(', ')} multiline maw={320}>
      <span>{`${items.slice(0, TABLE_MAX_ITEMS).join(', ')}, …`}</span>
    </Tooltip>
  );
}
