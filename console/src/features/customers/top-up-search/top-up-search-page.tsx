import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  ISO_4217_NUMERIC,
  TOP_UP_SEARCH_FIELDS,
  type TopUpFound,
  TopUpSearchQuery,
  type TopUpSearchRow,
} from '@pulsera/contracts';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { isoToWall, wallToIso } from '../../../components/date-fields';
import { formFieldErrors } from '../../../lib/form-values';
import { dayjs } from '../../../lib/format';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { screenPath } from '../../../lib/screen-paths';
import { isAdminSession, useSession } from '../../../lib/session';
import { selectEvent } from '../../events';
import { openTopUp, searchTopUps, type TopUpSearch, topUpSearchKeys } from './api';

const PAGE_SIZE = 15;
/** Top-ups of every event: dates in the browser's time zone. */
const TZ = dayjs.tz.guess();
const when = (iso: string | null) =>
  iso ? dayjs(iso).tz(TZ).locale(currentLanguage()).format('D MMM YYYY, HH:mm') : '';
/** The payment gateway's ISO 4217 numeric code by its letters (978 → EUR). */
export const currencyName = (code: string | null) => (code ? (ISO_4217_NUMERIC[code] ?? code) : null);
/**
 * Cents in the top-up's currency (978 = EUR), in the user's language, written as every other amount
 * of the console ('10.00 €', the shared formatter): the symbol is the language's for that code.
 */
function money(cents: number | null, code: string | null) {
  if (cents === null) return '';
  const iso = currencyName(code);
  const lang = currentLanguage();
  const symbol =
    iso && /^[A-Z]{3}$/.test(iso)
      ? (new Intl.NumberFormat(lang, { style: 'currency', currency: iso })
          .formatToParts(0)
          .find((p) => p.type === 'currency')?.value ?? iso)
      : '';
  return formatMoney(cents, { iso: iso ?? '', symbol, fraction: 0.01, rate: 1 }, lang);
}

type Form = Record<(typeof TOP_UP_SEARCH_FIELDS)[number], string> & {
  dateStart: string | null;
  dateEnd: string | null;
};
const EMPTY: Form = {
  idOrder: '',
  authCode: '',
  cardDigits: '',
  email: '',
  amount: '',
  dateStart: null,
  dateEnd: null,
};
const STATUS_COLOR: Record<string, string> = { '0': 'gray', '1': 'teal', '2': 'red', '-1': 'orange' };

/**
 * Search top-up (admin/configuration/search-top-up, admins): an online top-up of any event by order
 * id, authorisation code, card's last 4 digits, customer e-mail, amount and purchase dates (at least
 * one); a result opens with every field, and jumps to its customer in its event. The search stays in
 * the screen, not in the address: it holds personal data.
 */
export default function TopUpSearchPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [query, setQuery] = useState<TopUpSearch | null>(null);
  const [page, setPage] = useState(1);
  const [needsField, setNeedsField] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const results = useQuery({
    queryKey: topUpSearchKeys.search(query ?? {}, page),
    queryFn: () => searchTopUps(query!, page, PAGE_SIZE),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const rows = results.data?.topUps ?? [];
  // The criteria's faults under their fields: the shared schema's, else the server's (a 400 with fields).
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const refused = results.isError ? (formFieldErrors(results.error) ?? []) : [];
  const fieldError = (f: string) => {
    if (invalid[f]) return invalid[f];
    const e = refused.find((r) => r.path === f);
    return e ? (translateMessage(t, e.message) ?? e.text ?? e.message) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const given: Record<string, string> = {};
    for (const f of TOP_UP_SEARCH_FIELDS) if (form[f].trim()) given[f] = form[f].trim();
    if (form.dateStart) given.dateStart = form.dateStart;
    if (form.dateEnd) given.dateEnd = form.dateEnd;
    if (!Object.keys(given).length) {
      setNeedsField(true);
      return;
    }
    setNeedsField(false);
    const checked = TopUpSearchQuery.safeParse(given);
    if (!checked.success) {
      const faults: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const f = String(issue.path[0] ?? '');
        faults[f] ??= translateMessage(t, issue.message) ?? issue.message;
      }
      setInvalid(faults);
      return;
    }
    setInvalid({});
    setQuery(given as TopUpSearch);
    setPage(1);
    setSelectedId(null);
  };
  const clear = () => {
    setForm(EMPTY);
    setQuery(null);
    setSelectedId(null);
    setNeedsField(false);
    setInvalid({});
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('topUpSearch.title')}</Title>
      <Card withBorder padding="md">
        <form onSubmit={submit} noValidate data-testid="top-up-search-form">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              {TOP_UP_SEARCH_FIELDS.map((f) => (
                <TextInput
                  key={f}
                  label={t(`topUpSearch.fields.${f}`)}
                  placeholder={t(`topUpSearch.placeholders.${f}`)}
                  value={form[f]}
                  maxLength={f === 'cardDigits' ? 4 : 254}
                  inputMode={f === 'cardDigits' ? 'numeric' : f === 'amount' ? 'decimal' : undefined}
                  onChange={(e) => setForm({ ...form, [f]: e.currentTarget.value })}
                  error={fieldError(f)}
                  data-testid={`top-up-search-${f}`}
                />
              ))}
              <DateTimePicker
                label={t('topUpSearch.fields.dateStart')}
                valueFormat="DD/MM/YYYY HH:mm"
                clearable
                value={isoToWall(form.dateStart, TZ)}
                onChange={(v) => setForm({ ...form, dateStart: wallToIso(v, TZ) })}
                error={fieldError('dateStart')}
                data-testid="top-up-search-dateStart"
              />
              <DateTimePicker
                label={t('topUpSearch.fields.dateEnd')}
                valueFormat="DD/MM/YYYY HH:mm"
                clearable
                value={isoToWall(form.dateEnd, TZ)}
                onChange={(v) => setForm({ ...form, dateEnd: wallToIso(v, TZ) })}
                error={fieldError('dateEnd')}
                data-testid="top-up-search-dateEnd"
              />
            </SimpleGrid>
            {needsField && (
              <Alert color="yellow" data-testid="top-up-search-needs-field">
                {t('errors.topUpSearchEmpty')}
              </Alert>
            )}
            <Group>
              <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="top-up-search-submit">
                {t('topUpSearch.submit')}
              </Button>
              <Button variant="default" onClick={clear} data-testid="top-up-search-clear">
                {t('topUpSearch.clear')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {query && results.data && !rows.length && (
        <Alert color="gray" data-testid="top-up-search-none">
          {t('errors.topUpNotFound')}
        </Alert>
      )}
      {query && rows.length > 0 && (
        <>
          <DataTable<TopUpSearchRow>
            withTableBorder
            striped
            highlightOnHover
            records={rows}
            idAccessor="id"
            totalRecords={results.data?.total ?? 0}
            recordsPerPage={PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            onRowClick={({ record }) => setSelectedId(record.id)}
            rowStyle={(r) =>
              r.id === selectedId ? { background: 'var(--mantine-color-blue-light)' } : undefined
            }
            data-testid="top-up-search-results"
            columns={[
              { accessor: 'eventName', title: t('topUpSearch.fields.event') },
              {
                accessor: 'dateRechargeOnline',
                title: t('topUpSearch.fields.dateRechargeOnline'),
                render: (r) => when(r.dateRechargeOnline),
              },
              { accessor: 'idOrder', title: t('topUpSearch.fields.idOrder') },
              {
                accessor: 'amountTotal',
                title: t('topUpSearch.fields.amount'),
                textAlign: 'right',
                render: (r) => money(r.amountTotal, r.payTpvCurrency),
              },
              {
                accessor: 'customerEmail',
                title: t('topUpSearch.fields.customer'),
                render: (r) => r.customerEmail ?? r.customerName ?? '',
              },
              {
                accessor: 'cardNumber',
                title: t('topUpSearch.fields.card'),
                render: (r) => [r.cardBrand, r.cardNumber].filter(Boolean).join(' '),
              },
              {
                accessor: 'payed',
                title: t('topUpSearch.fields.payed'),
                noWrap: true,
                render: (r) => (
                  <Badge variant="light" color={STATUS_COLOR[String(r.payed)]}>
                    {t(`customers.online.status.${r.payed}`)}
                  </Badge>
                ),
              },
            ]}
          />
          <Drawer
            opened={selectedId !== null}
            onClose={() => setSelectedId(null)}
            position="right"
            size="xl"
            title={selectedId ? t('topUpSearch.detailTitle', { id: selectedId }) : ''}
          >
            {selectedId && <TopUpDetail id={selectedId} />}
          </Drawer>
        </>
      )}
    </Stack>
  );
}

function TopUpDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const admin = isAdminSession(useSession());
  const navigate = useNavigate();
  const [jumping, setJumping] = useState(false);
  const found = useQuery({ queryKey: topUpSearchKeys.detail(id), queryFn: () => openTopUp(id) });
  if (!found.data) return null;
  const f: TopUpFound = found.data;
  const u = f.topUp;

  const jump = async () => {
    setJumping(true);
    try {
      await selectEvent(f.eventId, admin);
      await navigate({
        to: screenPath('customers'),
        state: { openCustomer: { customerId: f.customerId, rfidId: f.rfidId } } as never,
      });
    } finally {
      setJumping(false);
    }
  };

  const item = (key: string, value: ReactNode) => (
    <div key={key}>
      <Text size="xs" c="dimmed">
        {t(`topUpSearch.fields.${key}`)}
      </Text>
      <Text size="sm" data-testid={`top-up-${key}`} style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
  const cur = u.payTpvCurrency;
  return (
    <Card padding={0} data-testid="top-up-detail">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} data-testid="top-up-event">
            {f.eventName}
          </Title>
          <Badge variant="light" color={STATUS_COLOR[String(u.payed)]} data-testid="top-up-payed">
            {t(`customers.online.status.${u.payed}`)}
          </Badge>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" data-testid="top-up-customer">
            {[f.customerName, f.customerEmail, f.nSerie].filter(Boolean).join(' · ') ||
              t('topUpSearch.noCustomer')}
          </Text>
          {f.customerId && (
            <Button
              size="xs"
              leftSection={<IconUser size={14} />}
              onClick={jump}
              loading={jumping}
              data-testid="top-up-open-customer"
            >
              {t('topUpSearch.openCustomer')}
            </Button>
          )}
        </Group>
        {u.notes && <Alert color={u.payed === 2 ? 'red' : 'gray'}>{u.notes}</Alert>}
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          {item('id', u.id)}
          {item('valid', u.valid === 1 ? t('topUpSearch.yes') : t('topUpSearch.no'))}
          {item('concept', u.concept)}
          {item('amountTotal', money(u.amountTotal, cur))}
          {item('amountRecharge', money(u.amountRecharge, cur))}
          {item('amountBonus', money(u.amountBonus, cur))}
          {item('dateRechargeOnline', when(u.dateRechargeOnline))}
          {item('dateRechargeRfid', when(u.dateRechargeRfid))}
          {item('dateRefund', when(u.dateRefund))}
          {item('date_insert', when(u.date_insert))}
          {item('date_update', when(u.date_update))}
          {item('articles', u.articles.map((a) => `${a.quantity} × ${a.article}`).join(', '))}
          {item('data', u.data ? [u.data.brand, u.data.number].filter(Boolean).join(' ') : null)}
          {item('idRecharge', u.idRecharge)}
          {item('module', u.module)}
          {item('location', u.location)}
          {item('idOrder', u.idOrder)}
          {item('payTpvOrderId', u.payTpvOrderId)}
          {item('payTpvDateTime', when(u.payTpvDateTime))}
          {item('payTpvAmount', money(u.payTpvAmount, cur))}
          {item(
            'payTpvCurrency',
            cur ? `${currencyName(cur)}${currencyName(cur) !== cur ? ` (${cur})` : ''}` : null,
          )}
          {item('payTpvAuthCode', u.payTpvAuthCode)}
          {item('payTpvBicCode', u.payTpvBicCode)}
          {item('payTpvCardCountry', u.payTpvCardCountry)}
          {item('terminal', u.terminal)}
          {item('merchantCode', u.merchantCode)}
          {item('idTransactionType', u.idTransactionType)}
          {item('idError', u.idError)}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
