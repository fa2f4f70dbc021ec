/**
 * "Scan with the camera": opens the back camera, reads frames until one holds a code of the formats
 * asked, then closes the camera and hands the code over once. A camera that is refused, missing or
 * busy says so in words; typing or pasting the code stays possible beside it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BarcodeFormat, barcodeDetector } from './detector';

const FRAME_MS = 150;

type Problem = 'denied' | 'none' | 'failed';

function problemOf(e: unknown): Problem {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none';
  return 'failed';
}

export function CameraScan({
  formats,
  onCode,
  testId = 'camera',
}: {
  formats: BarcodeFormat[];
  onCode: (code: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const handOver = useRef(onCode);
  handOver.current = onCode;
  // The formats as one value, so a caller's new array of the same formats does not restart the camera.
  const wanted = formats.join(',');

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await barcodeDetector(wanted.split(',') as BarcodeFormat[]);
        const look = async () => {
          if (stopped || !video.current) return;
          const found =
            video.current.readyState >= 2 ? await detector.detect(video.current).catch(() => []) : [];
          const code = found.find((f) => f.rawValue.trim())?.rawValue.trim();
          if (code && !stopped) {
            stop();
            setOpen(false);
            handOver.current(code);
            return;
          }
          timer = setTimeout(() => void look(), FRAME_MS);
        };
        void look();
      } catch (e) {
        if (stopped) return;
        stop();
        setOpen(false);
        setProblem(problemOf(e));
      }
    })();
    return stop;
  }, [open, wanted]);

  return (
    <div className="camera-scan">
      {open ? (
        <>
          <video ref={video} className="camera-view" playsInline muted data-testid={`${testId}-view`} />
          <p className="camera-hint">{t('camera.looking')}</p>
          <button type="button" onClick={() => setOpen(false)} data-testid={`${testId}-stop`}>
            {t('camera.stop')}
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => {
            setProblem(null);
            setOpen(true);
          }}
          data-testid={`${testId}-start`}
        >
          {t('camera.start')}
        </button>
      )}
      {problem && (
        <p className="error" role="alert" data-testid={`${testId}-problem`}>
          {t(`camera.${problem}`)}
        </p>
      )}
    </div>
  );
}
