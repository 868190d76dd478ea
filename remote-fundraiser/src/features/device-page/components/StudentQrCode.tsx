import { QRCodeSVG } from 'qrcode.react';
import { QR_CODE, useT } from '@fu/shared';
import logo from '@fu/shared/assets/logo-mark.svg';
import styles from './devicePage.module.css';

const LOGO_SIZE = (QR_CODE.size * QR_CODE.logoPercent) / 100;

/** Spec §9: the student's order link as a QR code, 150 px, quiet zone 10, level M, logo 20% wide. */
export function StudentQrCode({ url }: { url: string }) {
  const t = useT();
  return (
    <figure className={styles.qr}>
      <div className={styles.quietZone} style={{ padding: QR_CODE.quietZone }}>
        <QRCodeSVG
          value={url}
          size={QR_CODE.size}
          level={QR_CODE.level}
          title={t('fundraiser.qr.title', { url })}
          data-testid="student-qr-code"
          imageSettings={{ src: logo, width: LOGO_SIZE, height: LOGO_SIZE, excavate: true }}
        />
      </div>
      <figcaption>{t('fundraiser.qr.caption')}</figcaption>
    </figure>
  );
}
