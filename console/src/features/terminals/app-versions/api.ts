import type { ApkRecord, AppChannel, AppUploadResult, LastApks, UploadedApkInfo } from '@pulsera/contracts';
import { APP_UPLOAD_MIME } from '@pulsera/contracts';
import { ApiError, api, requestFile } from '../../../lib/api';
import { saveBlob } from '../../../lib/xlsx';

export const appVersionKeys = {
  all: ['app-versions'] as const,
  last: () => [...appVersionKeys.all, 'last'] as const,
};

export const lastApks = () => api.get<LastApks>('/global/upload-version/lastApks');
export const enableApk = (id: number) => api.post<ApkRecord>('/global/upload-version/enable', { id });

/**
 * The spec's upload (02-catalogue §7): POST /global/upload-version/apk with an empty body answers a
 * signed address and a file name; the bytes are PUT there; the preview reads the stored file.
 * Failures are answered to the caller (the screen shows their description), not to the dialogs.
 */
export async function uploadApk(file: File): Promise<UploadedApkInfo> {
  const start = await api.post<AppUploadResult>('/global/upload-version/apk', {}, { silent: true });
  let res: Response;
  try {
    res = await fetch(start.url, { method: 'PUT', headers: { 'content-type': APP_UPLOAD_MIME }, body: file });
  } catch {
    throw new ApiError(0, 0, 'Unknown error');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: number; description?: string } | null;
    throw new ApiError(res.status, body?.error ?? res.status, body?.description ?? res.statusText);
  }
  return api.get<UploadedApkInfo>('/global/upload-version/preview', {
    query: { fileName: start.fileName },
    silent: true,
  });
}

export async function downloadApk(type: AppChannel, fallbackName: string) {
  const { blob, fileName } = await requestFile(`/global/upload-version/downloadApk?type=${type}`);
  saveBlob(blob, fileName ?? fallbackName);
}
