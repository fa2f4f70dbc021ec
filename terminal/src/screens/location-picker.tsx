/** Which of the event's active sale (activity V) or top-up (C) locations this terminal works at. */
import type { DeviceConfig } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';

export const saleLocations = (config: DeviceConfig) =>
  config.locations.filter((l) => l.active && (l.activities.includes('V') || l.activities.includes('C')));

export function LocationPicker({ config, onPick }: { config: DeviceConfig; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const places = saleLocations(config);
  return (
    <main className="panel">
      <h1>{t('location.heading')}</h1>
      {places.length === 0 && <p>{t('location.none')}</p>}
      <div className="grid">
        {places.map((l) => (
          <button key={l.id} type="button" className="tile" onClick={() => onPick(l.id)}>
            {l.name}
          </button>
        ))}
      </div>
    </main>
  );
}
