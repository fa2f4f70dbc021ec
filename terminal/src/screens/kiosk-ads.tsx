/**
 * The kiosk's ads while no wristband is tapped: those showing now by the device's clock
 * (contracts `adsShowing`), one at a time, the next every few seconds. The service worker keeps
 * their images for offline use (vite.config.ts, cache kiosk-ads).
 */
import { adsShowing, type DeviceConfig } from '@pulsera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ROTATE_MS = 8000;

export function KioskAds({ config }: { config: DeviceConfig }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(new Date());
      setTurn((n) => n + 1);
    }, ROTATE_MS);
    return () => window.clearInterval(timer);
  }, []);
  const showing = adsShowing(config.ads ?? [], now, config.event.timeZone);
  const ad = showing[turn % Math.max(showing.length, 1)];
  if (!ad) return null;
  return (
    <figure className="kiosk-ad" data-testid="kiosk-ad">
      <img src={ad.imageUrl} alt={t('kiosk.ad')} data-ad={ad.id} />
    </figure>
  );
}
