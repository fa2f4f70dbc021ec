/** What the screens of a terminal's place (top-up point, kiosk) are given by the app. */
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import type { Session } from '../store/db';

export interface PlaceScreenProps {
  config: DeviceConfig;
  session: Session;
  /** This terminal's device id (the rules may name devices). */
  deviceId: number;
  /** A customer is being served: the app holds a newer configuration back until it ends. */
  onBusy: (busy: boolean) => void;
}
