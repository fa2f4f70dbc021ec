import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  formatNumber,
  IMPORT_PREVIEW_ROWS,
  type StockImportResult,
  type StockImportRowError,
  type StockState,
  type WristbandLot,
} from '@pulsera/contracts';
import { IconFileImport, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { useAutocompleteText } from '../../../lib/autocomplete';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { searchEvents } from '../../events';
import {
  assignLot,
  importLot,
  listLots,
  searchStock,
  setStockControl,
  stockControlEvents,
  stockControlImpact,
  stockKeys,
} from './api';

const PAGE_SIZE = 50;
const STATE_COLOR: Record<StockState, string> = {
  inStock: 'gray',
  assigned: 'blue',
  linked: 'teal',
  banned: 'red',
  replaced: 'orange',
};

/** An event chosen by name (the event search typeahead). */
function EventPicker({
  value,
  onChange,
  label,
  placeholder,
  testId,
  current,
  openOnly = false,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  label?: string;
  placeholder?: string;
  testId?: string;
  current?: { id: number; name: string } | null;
  /** Leave out closed events (a lot is not assigned to one: the server answers 409 eventClosed). */
  openOnly?: boolean;
}) {
  const [typed, setText] = useState('');
  const text = useAutocompleteText(typed);
  const found = useQuery({
    queryKey: ['events', 'search', text],
    queryFn: () => searchEvents(text),
  });
  const options = [
    ...(current ? [{ value: String(current.id), label: current.name }] : []),
    ...(found.data ?? [])
      .filter((e) => e.id !== current?.id && !(openOnly && e.isClosed === 1))
      .map((e) => ({ value: String(e.id), label: e.nombre })),
  ];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      onSearchChange={setText}
      nothingFoundMessage="—"
      data-testid={testId}
      w={260}
    />
  );
}

function problemText(t: TFunction, e: StockImportRowError) {
  if (e.message) return `${t(`wristbandStock.problems.${e.problem}`)}: ${translateMessage(t, e.message)}`;
  return t(`wristbandStock.problems.${e.problem}`, { line: e.otherLine, lot: e.otherLot });
}

/** Import a lot: check the file (a dry run: preview, counts, per-row errors), then import it. */
function ImportCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [lot, setLot] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<StockImportResult | null>(null);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => importLot(lot.trim(), file!, dryRun),
    onSuccess: (r) => {
      setResult(r);
      if (!r.dryRun) {
        notifySuccess(t('wristbandStock.imported', { count: r.added, lot: r.lotName }));
        void qc.invalidateQueries({ queryKey: stockKeys.all });
      }
    },
  });
  const ready = !!file && lot.trim().length > 0;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={4}>{t('wristbandStock.importTitle')}</Title>
        <Group align="end" wrap="wrap">
          <TextInput
            label={t('wristbandStock.fields.lot')}
            value={lot}
            onChange={(e) => {
              setLot(e.currentTarget.value);
              setResult(null);
            }}
            maxLength={80}
            required
            w={260}
            data-testid="stock-lot-name"
          />
          <FileInput
            label={t('wristbandStock.fields.file')}
            accept=".csv,.tsv,.txt,.xlsx"
            value={file}
            onChange={(f) => {
              setFile(f);
              setResult(null);
            }}
            clearable
            w={320}
            data-testid="stock-file"
          />
          <Button
            variant="light"
            disabled={!ready}
            loading={run.isPending && run.variables}
            onClick={() => run.mutate(true)}
          >
            {t('wristbandStock.check')}
          </Button>
          <Button
            leftSection={<IconFileImport size={16} />}
            disabled={!ready || !result?.dryRun}
            loading={run.isPending && run.variables === false}
            onClick={() => run.mutate(false)}
          >
            {t('wristbandStock.import')}
          </Button>
        </Group>
        {/* Under the row, so the lot, the file and the buttons stand on one line (issue 27 item 24). */}
        <Text size="xs" c="dimmed" mt={-8}>
          {t('wristbandStock.fileHelp')}
        </Text>
        {result && <ImportResult result={result} />}
      </Stack>
    </Card>
  );
}

function ImportResult({ result }: { result: StockImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="stock-import-result">
      <Alert color={result.refused ? 'yellow' : 'teal'}>
        {t(result.dryRun ? 'wristbandStock.summaryDry' : 'wristbandStock.summary', {
          rows: t('wristbandStock.rows', { count: result.rows }),
          added: t(result.dryRun ? 'wristbandStock.wouldAdd' : 'wristbandStock.added', {
            count: result.added,
          }),
          unchanged: t('wristbandStock.unchanged', { count: result.unchanged }),
          refused: t('wristbandStock.refused', { count: result.refused }),
          kind: result.fileKind.toUpperCase(),
        })}
      </Alert>
      {result.dryRun && (
        <>
          <Text fw={600}>{t('wristbandStock.preview', { count: IMPORT_PREVIEW_ROWS })}</Text>
          <Table striped withTableBorder maw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wristbandStock.fields.line')}</Table.Th>
                <Table.Th>{t('wristbandStock.fields.nSerie')}</Table.Th>
                <Table.Th>{t('wristbandStock.fields.codeCheck')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.preview.map((r) => (
                <Table.Tr key={r.line}>
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td>{r.nSerie}</Table.Td>
                  <Table.Td>{r.codeCheck}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {result.errors.length > 0 && (
        <>
          <Text fw={600} c="red">
            {t('wristbandStock.errorsTitle', { count: result.refused })}
          </Text>
          <Table striped withTableBorder data-testid="stock-import-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>{t('wristbandStock.fields.line')}</Table.Th>
                <Table.Th w={200}>{t('wristbandStock.fields.nSerie')}</Table.Th>
                <Table.Th>{t('wristbandStock.fields.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.map((e) => (
                <Table.Tr key={`${e.line}-${e.problem}`}>
                  <Table.Td>{e.line}</Table.Td>
                  <Table.Td>{e.nSerie}</Table.Td>
                  <Table.Td>{problemText(t, e)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/** The lots, each with the event it is assigned to (none: in the warehouse). */
function LotsCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const lots = useQuery({ queryKey: stockKeys.lots(), queryFn: listLots });
  const assign = useMutation({
    mutationFn: ({ lot, eventId }: { lot: WristbandLot; eventId: number | null }) =>
      assignLot(lot.id, eventId),
    onSuccess: () => {
      notifySuccess();
      void qc.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={4}>{t('wristbandStock.lotsTitle')}</Title>
        {lots.data?.length === 0 && <Text c="dimmed">{t('wristbandStock.noLots')}</Text>}
        {!!lots.data?.length && (
          <Table striped withTableBorder data-testid="stock-lots">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('wristbandStock.fields.lot')}</Table.Th>
                <Table.Th>{t('wristbandStock.fields.wristbands')}</Table.Th>
                <Table.Th>{t('wristbandStock.fields.createdAt')}</Table.Th>
                <Table.Th>{t('wristbandStock.fields.event')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lots.data.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{formatNumber(l.wristbands, currentLanguage())}</Table.Td>
                  <Table.Td>{formatDateTime(l.createdAt)}</Table.Td>
                  <Table.Td>
                    <EventPicker
                      value={l.eventId === null ? null : String(l.eventId)}
                      current={l.eventId === null ? null : { id: l.eventId, name: l.eventName ?? '' }}
                      placeholder={t('wristbandStock.warehouse')}
                      testId={`stock-lot-event-${l.name}`}
                      openOnly
                      onChange={(v) => assign.mutate({ lot: l, eventId: v ? Number(v) : null })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** Events whose terminals refuse wristbands outside their lots. */
function StockControlCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [eventId, setEventId] = useState<string | null>(null);
  const list = useQuery({ queryKey: stockKeys.control(), queryFn: stockControlEvents });
  const save = useMutation({
    mutationFn: ({ id, required }: { id: number; required: 0 | 1 }) => setStockControl(id, required),
    onSuccess: (rows) => {
      qc.setQueryData(stockKeys.control(), rows);
      setEventId(null);
      notifySuccess();
    },
  });
  // The server counts the wristbands in use that the change would refuse (or accept again).
  const ask = async (id: number, required: 0 | 1) => {
    const impact = await stockControlImpact(id);
    const on = required === 1;
    const yes = await confirm({
      title: t(on ? 'wristbandStock.confirmOnTitle' : 'wristbandStock.confirmOffTitle'),
      text: t(on ? 'wristbandStock.confirmOnText' : 'wristbandStock.confirmOffText', {
        active: impact.activeWristbands,
        outside: impact.outsideStock,
      }),
      confirm: t(on ? 'wristbandStock.confirmOn' : 'wristbandStock.confirmOff'),
      cancel: t('common.cancel'),
      danger: on && impact.outsideStock > 0,
    });
    if (yes) save.mutate({ id, required });
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={4}>{t('wristbandStock.controlTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('wristbandStock.controlHelp')}
        </Text>
        <Group align="end">
          <EventPicker
            value={eventId}
            onChange={setEventId}
            label={t('wristbandStock.fields.event')}
            testId="stock-control-event"
          />
          <Button disabled={!eventId} onClick={() => eventId && ask(Number(eventId), 1)}>
            {t('wristbandStock.requireControl')}
          </Button>
        </Group>
        {list.data?.map((e) => (
          <Group key={e.eventId} justify="space-between" maw={420}>
            <Text>{e.eventName}</Text>
            <Tooltip label={t('wristbandStock.removeControl')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('wristbandStock.removeControl')}
                onClick={() => ask(e.eventId, 0)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Search by serial (its start) or check code, paged on the server, with each wristband's state. */
function SearchCard() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const found = useQuery({
    queryKey: stockKeys.search({ search, page }),
    queryFn: () => searchStock({ search: search || undefined, page, paginationLimit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const total = found.data?.total ?? 0;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={4}>{t('wristbandStock.searchTitle')}</Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(text.trim().toUpperCase());
            setPage(1);
          }}
        >
          <Group align="end">
            <TextInput
              label={t('wristbandStock.searchLabel')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={40}
              w={320}
              data-testid="stock-search"
            />
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t('wristbandStock.search')}
            </Button>
          </Group>
        </form>
        <Text size="sm" c="dimmed">
          {t('wristbandStock.found', { count: total })}
        </Text>
        <Table striped withTableBorder data-testid="stock-wristbands">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wristbandStock.fields.nSerie')}</Table.Th>
              <Table.Th>{t('wristbandStock.fields.codeCheck')}</Table.Th>
              <Table.Th>{t('wristbandStock.fields.lot')}</Table.Th>
              <Table.Th>{t('wristbandStock.fields.event')}</Table.Th>
              <Table.Th>{t('wristbandStock.fields.state')}</Table.Th>
              <Table.Th>{t('wristbandStock.fields.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {found.data?.wristbands.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>{w.nSerie}</Table.Td>
                <Table.Td>{w.codeCheck}</Table.Td>
                <Table.Td>{w.lotName}</Table.Td>
                <Table.Td>{w.eventName ?? t('wristbandStock.warehouse')}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[w.state]} variant="light">
                    {t(`wristbandStock.states.${w.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {w.replacedBy
                    ? t('wristbandStock.replacedBy', { serial: w.replacedBy })
                    : (w.customerName ?? '')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {total > PAGE_SIZE && (
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} siblings={2} />
        )}
      </Stack>
    </Card>
  );
}

/** Wristband stock (admin/configuration/rfids): lots, their import and events, search, stock control. */
export default function WristbandStockPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('wristbandStock.title')}</Title>
      <ImportCard />
      <LotsCard />
      <StockControlCard />
      <SearchCard />
    </Stack>
  );
}
