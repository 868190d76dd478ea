import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { QR_CODE, useT } from '@fu/shared';
import logo from '@fu/shared/assets/logo-mark.svg';
import styles from './devicePage.module.css';

const LOGO_SIZE = (QR_CODE.size * QR_CODE.logoPercent) / 100;

/** What a drawing is of: the link it encodes and the title it reads out. */
interface Drawing {
  url: string;
  title: string;
  /** The drawing's markup, as the server sent it. */
  markup: string;
}

/**
 * The code the server drew for this link and title, when React is taking over the page it sent.
 * Drawing it again would give the same squares and cost the main thread one long task (qrcode.react
 * encodes the link, then scores all eight masks, in code not yet warm): 60-110 ms in Chromium here,
 * four times that on the phone Lighthouse emulates,
 * so the served drawing is kept as it is. Found by its link, and only with the same title (its
 * language): anything else is drawn here.
 */
function servedDrawing(url: string, title: string): Drawing | undefined {
  if (typeof document === 'undefined') return undefined;
  const served = [...document.querySelectorAll<HTMLElement>('[data-qr-url]')].find(
    (element) => element.dataset.qrUrl === url,
  );
  if (!served || served.querySelector('svg > title')?.textContent !== title) return undefined;
  return { url, title, markup: served.innerHTML };
}

/** Spec §9: the student's order link as a QR code, 150 px, quiet zone 10, level M, logo 20% wide. */
export function StudentQrCode({ url }: { url: string }) {
  const t = useT();
  const title = t('fundraiser.qr.title', { url });
  const [served] = useState(() => servedDrawing(url, title));
  const kept = served?.url === url && served.title === title ? served.markup : undefined;
  const quietZone = { className: styles.quietZone, style: { padding: QR_CODE.quietZone }, 'data-qr-url': url };
  return (
    <figure className={styles.qr}>
      {kept === undefined ? (
        <div key="drawn" {...quietZone}>
          <QRCodeSVG
            value={url}
            size={QR_CODE.size}
            level={QR_CODE.level}
            title={title}
            data-testid="student-qr-code"
            imageSettings={{ src: logo, width: LOGO_SIZE, height: LOGO_SIZE, excavate: true }}
          />
        </div>
      ) : (
        <div key="served" {...quietZone} dangerouslySetInnerHTML={{ __html: kept }} />
      )}
      <figcaption>{t('fundraiser.qr.caption')}</figcaption>
    </figure>
  );
}
