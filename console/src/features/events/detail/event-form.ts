import {
  type Event,
  type EventForm,
  type EventSave,
  PAYMENT_METHODS,
  PAYMENT_METHODS_EMPTY,
  TAG_COUNTER_SLOTS,
} from '@pulsera/contracts';

/**
 * The event form's values from a stored event, and the body POST /event gets from them (01-console §4
 * Saving an event). Kept apart from the screen so the rules can be tested without rendering.
 */
export function toForm(e: Event): EventForm {
  return {
    id: e.id,
    nombre: e.nombre,
    id_promotor: e.id_promotor as number,
    teamIds: e.teamIds,
    externalAnalyticsId: e.externalAnalyticsId ?? '',
    f_inicio: e.f_inicio,
    f_fin: e.f_fin,
    f_inicio_operaciones: e.f_inicio_operaciones,
    f_fin_operaciones: e.f_fin_operaciones,
    offset: e.offset,
    zona_horaria: e.zona_horaria,
    moneda: e.moneda as number,
    localCurrency: e.localCurrency as number,
    localCurrencyRate: e.localCurrencyRate,
    idioma: e.idioma,
    businessTypeId: e.businessTypeId,
    reusableTag: e.feeReusableTag === null ? 0 : 1,
    feeReusableTag: e.feeReusableTag,
    refundBalanceWhenReusableTag: e.refundBalanceWhenReusableTag,
    billing: e.IVA === null ? 0 : 1,
    IVA: e.IVA,
    Nombre_fiscal: e.Nombre_fiscal ?? '',
    NIF: e.NIF ?? '',
    porcentaje_Fiscal: e.porcentaje_Fiscal,
    eventVat: e.eventVat,
    cashLabel: e.cashLabel,
    provinceId: e.province?.id ?? null,
    enabledApiBebeRapid: e.enabledApiBebeRapid,
    queueSyncLoggables: e.queueSyncLoggables,
    isClosed: e.isClosed,
    tagCounters: Array.from({ length: TAG_COUNTER_SLOTS }, (_, position) => {
      const c = e.tagCounters.find((x) => x.position === position);
      return {
        position,
        enabled: !!c,
        idArticleIncrement: c?.idArticleIncrement ?? null,
        idArticleDecrement: c?.idArticleDecrement ?? null,
      };
    }),
    update_time: e.update_time,
    paymentMethods: e.paymentMethods === PAYMENT_METHODS_EMPTY ? '' : e.paymentMethods,
  };
}

const text = (v: string | null | undefined) => v?.trim() || null;

/**
 * The body of POST /event: reusable tag off clears the fee, billing off clears the VAT (the server
 * does the same); empty texts are sent as null so they can be cleared; a slot switched off, or
 * without an increment article, is sent switched off. The payment methods are a parameter, and the
 * realtime capacity toggle is saved on its own (POST /capacity/event): neither is sent here.
 */
export function toBody(v: EventForm, o: { admin: boolean }): EventSave {
  const { paymentMethods: _, featureToggle: _toggle, teamIds, ...rest } = v;
  return {
    ...rest,
    ...(o.admin ? { teamIds } : {}),
    nombre: v.nombre.trim(),
    externalAnalyticsId: text(v.externalAnalyticsId),
    Nombre_fiscal: text(v.Nombre_fiscal),
    NIF: text(v.NIF),
    cashLabel: v.cashLabel?.trim(),
    feeReusableTag: v.reusableTag === 1 ? v.feeReusableTag : null,
    IVA: v.billing === 1 ? v.IVA : null,
    tagCounters: (v.tagCounters ?? []).map((s) =>
      s.enabled && s.idArticleIncrement !== null
        ? s
        : { position: s.position, enabled: false, idArticleIncrement: null, idArticleDecrement: null },
    ),
  };
}

/**
 * Payment method letters in their canonical order (C T L P I), of those offered (the catalogue's
 * enabled letters): a letter disabled since it was saved goes with the first change.
 */
export const togglePaymentMethod = (
  value: string,
  letter: string,
  on: boolean,
  offered: readonly string[] = PAYMENT_METHODS,
) => PAYMENT_METHODS.filter((l) => offered.includes(l) && (l === letter ? on : value.includes(l))).join('');

/** What the ALLOWED_PAYMENT_METHODS parameter gets: an empty set of letters is a single space. */
export const paymentMethodsValue = (letters: string) => letters || PAYMENT_METHODS_EMPTY;

/** Every IANA time zone the browser knows, with the one given kept even if it is an alias. */
export function timeZones(current?: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : all;
}
