import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { type PaymentMethod, PaymentMethodSave } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { Switch01Field, TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { currentLanguage } from '../../../lib/i18n';
import { listPaymentMethods, paymentMethodKeys, savePaymentMethod } from './api';

function EnabledBadge({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={on ? 'teal' : 'gray'} variant="light">
      {t(on ? 'paymentMethods.enabled' : 'paymentMethods.disabled')}
    </Badge>
  );
}

/**
 * The payment method catalogue (admin/configuration/paymentMethod): the five letters, each with its
 * label in every language and whether events may offer it. Letters are fixed: no new, no delete.
 */
const definition: ResourceDefinition<PaymentMethod, PaymentMethodSave> = {
  prefix: 'paymentMethods',
  queryKey: paymentMethodKeys.list(),
  load: listPaymentMethods,
  rowKey: (r) => r.letter,
  columns: [
    { key: 'letter', width: 80 },
    {
      key: 'label',
      render: (r) => r.labels[currentLanguage() as keyof PaymentMethod['labels']] ?? r.labels.en,
    },
    { key: 'enabled', render: (r) => <EnabledBadge on={r.enabled === 1} /> },
  ],
  schema: PaymentMethodSave,
  canCreate: false,
  empty: () => ({ letter: 'C', labels: { en: '', es: '', it: '', fr: '' }, enabled: 1 }),
  toValues: (r) => ({ letter: r.letter, labels: { ...r.labels }, enabled: r.enabled }),
  save: (v) => savePaymentMethod(v),
  matches: (r, text) => `${r.letter} ${Object.values(r.labels).join(' ')}`.toLowerCase().includes(text),
  invalidates: [['event-detail']],
  Form: () => <PaymentMethodFields />,
};

function PaymentMethodFields() {
  return (
    <Stack>
      <TextField<PaymentMethodSave> name="letter" readOnly />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<PaymentMethodSave> name="labels.en" required maxLength={60} />
        <TextField<PaymentMethodSave> name="labels.es" required maxLength={60} />
        <TextField<PaymentMethodSave> name="labels.it" required maxLength={60} />
        <TextField<PaymentMethodSave> name="labels.fr" required maxLength={60} />
      </SimpleGrid>
      <Switch01Field<PaymentMethodSave> name="enabled" />
    </Stack>
  );
}

export default function PaymentMethodsPage() {
  return <ResourceScreen def={definition} />;
}
