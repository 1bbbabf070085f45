import type { PublicService } from '@blog/contracts';
import { translatorOf, type Translate } from '../i18n/i18n';

/** Dong as Vietnamese write them: dots between thousands, the sign after ("15.000.000 ₫"). */
const VND = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' });
/** Dollars as Americans write them ("$600"). */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Intl puts a no-break space before "₫": kept, so the sign never wraps away from its number. */
export const formatVnd = (amount: number) => VND.format(amount);
export const formatUsd = (amount: number) => USD.format(amount);

/** A service's price line: "From 15.000.000 ₫", "From 15.000.000 ₫ (from $600)", or "On request" (in the words of `t`). */
export function priceLine(
  service: Pick<PublicService, 'price_vnd' | 'price_usd'>,
  t: Translate = translatorOf('en'),
): string {
  if (service.price_vnd === null) return t('services.onRequest');
  const usd = service.price_usd === null ? '' : t('services.fromUsd', { usd: formatUsd(service.price_usd) });
  return `${t('services.from', { vnd: formatVnd(service.price_vnd) })}${usd}`;
}
