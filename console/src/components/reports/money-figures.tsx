import { Alert, List, SimpleGrid, Text } from '@mantine/core';
import type { MoneyFigures } from '@pulsera/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Stat } from './report-page';

const T = 'reports.figures';
/** The figures every money screen shows, in this order (contracts moneyFigures defines them). */
const FIGURES = ['topUps', 'addonCredits', 'otherCredits', 'bonuses', 'fees', 'terminalRefunds'] as const;

const amountOf = (f: MoneyFigures | undefined, k: (typeof FIGURES)[number]) =>
  f === undefined ? 0 : k === 'fees' ? f.fees : f[k].amount;

/**
 * The shared money figures (issue 27 item 23): the quick dashboard and the recharge overview show
 * the same figures, answered by the same definition on the server, under the same names.
 */
export function MoneyFigureStats({ figures }: { figures?: MoneyFigures }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      {FIGURES.map((k) => (
        <Stat key={k} label={t(`${T}.${k}`)} value={amountOf(figures, k)} money testId={`figure-${k}`} />
      ))}
    </SimpleGrid>
  );
}

/**
 * What each money figure counts, in words: one text for every screen that shows them (`extra` lists
 * the screen's own figures, already translated).
 */
export function MoneyFiguresHelp({ extra = [] }: { extra?: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />} data-testid="money-figures-help">
      <Text size="sm" mb={4}>
        {t(`${T}.helpIntro`)}
      </Text>
      <List size="sm" spacing={2}>
        {[...FIGURES.map((k) => t(`${T}.help.${k}`)), t(`${T}.help.bankRefunds`), ...extra].map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
