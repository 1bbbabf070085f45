import { act } from '@testing-library/react';

/**
 * A fake XMLHttpRequest for uploads (`uploads/upload-file.ts`): each upload reports half its progress at
 * once, then answers `answer` when the test calls `finish()`, or straight away with `{ atOnce: true }`.
 * `restore()` puts the real one back.
 */
export function fakeUploads(answer: { status: number; body: string }, { atOnce = false } = {}) {
  const sent: FormData[] = [];
  const pending: Array<() => void> = [];
  class FakeXhr {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 0;
    responseText = '';
    withCredentials = false;
    onload?: () => void;
    onerror?: () => void;
    open() {
      return undefined;
    }
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
      const respond = () => {
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      };
      if (atOnce) setTimeout(respond, 0);
      else pending.push(respond);
    }
  }
  const original = window.XMLHttpRequest;
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    finish: () => act(() => pending.splice(0).forEach((respond) => respond())),
    restore: () => (window.XMLHttpRequest = original),
  };
}
