/**
 * Where this terminal works: one of the event's active sale (activity V), top-up (C), kiosk (K) or
 * presence control (P) locations, or
 * one of its active gates whose scanner is a location (an access totem, or a phone at the gate).
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export const saleLocations = (config: DeviceConfig) =>
  config.locations.filter((l) => l.active && ['V', 'C', 'K', 'P'].some((a) => l.activities.includes(a)));

/** The gates a terminal can work at: active, with their scanner's location active. */
export const gatePlaces = (config: DeviceConfig) =>
  config.gates.filter(
    (g) =>
      g.active && g.locationId !== null && config.locations.some((l) => l.id === g.locationId && l.active),
  );

/**
 * `preferred`, `preferredGate`: the location or gate a setup link names (setup-link.ts), taken at once
 * when it is one of these.
 */
export function LocationPicker({
  config,
  onPick,
  onPickGate,
  preferred,
  preferredGate,
}: {
  config: DeviceConfig;
  onPick: (id: number) => void;
  onPickGate: (gateId: number, locationId: number) => void;
  preferred?: number;
  preferredGate?: number;
}) {
  const { t } = useTranslation();
  const places = saleLocations(config);
  const gates = gatePlaces(config);
  const linkedGate = gates.find((g) => g.id === preferredGate);
  const linked = !linkedGate && places.some((l) => l.id === preferred) ? preferred : undefined;
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current) return;
    if (linkedGate) {
      taken.current = true;
      onPickGate(linkedGate.id, linkedGate.locationId!);
    } else if (linked !== undefined) {
      taken.current = true;
      onPick(linked);
    }
  }, [linked, linkedGate, onPick, onPickGate]);
  if (linked !== undefined || linkedGate) return null;
  return (
    <main className="panel">
      <h1>{t('location.heading')}</h1>
      {places.length === 0 && gates.length === 0 && <p>{t('location.none')}</p>}
      <div className="grid">
        {places.map((l) => (
          <button key={l.id} type="button" className="tile" onClick={() => onPick(l.id)}>
            {l.name}
          </button>
        ))}
      </div>
      {gates.length > 0 && (
        <>
          <h2>{t('location.gates')}</h2>
          <div className="grid">
            {gates.map((g) => (
              <button
                key={g.id}
                type="button"
                className="tile"
                data-testid={`gate-${g.id}`}
                onClick={() => onPickGate(g.id, g.locationId!)}
              >
                {t('location.gate', { name: g.name })}
              </button>
            ))}
          </div>
        </>
      )}
    </main>
  );
}
