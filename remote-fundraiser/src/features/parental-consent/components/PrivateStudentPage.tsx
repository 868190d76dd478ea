import { studentPageTeamLine, type FundraiserDevice, type PagePrivacy } from '@fu/shared';
import { AgeQuestion } from './AgeQuestion';
import { ParentPhoneCard } from './ParentPhoneCard';

export interface PrivateStudentPageProps {
  device: FundraiserDevice;
  /** The page's privacy changed here (the age question answered): the page reads itself again. */
  onPrivacyChanged: (privacy: PagePrivacy) => void;
}

/**
 * Issue 34 (COPPA): a student page while it is private. Unanswered, it asks the age question first;
 * for a younger student, it asks for a parent's phone. No share, QR code, reminders or sales here.
 */
export function PrivateStudentPage({ device, onPrivacyChanged }: PrivateStudentPageProps) {
  const { privacy } = device;
  return (
    <>
      <p className="fp-student-name">
        {device.studentFirstName} {device.studentLastName}
      </p>
      <p className="fp-student-team">{studentPageTeamLine(device.fundraiser)}</p>
      {privacy.studentIs13OrOlder === null ? (
        <AgeQuestion guid={device.guid} onAnswered={onPrivacyChanged} />
      ) : (
        <ParentPhoneCard guid={device.guid} studentFirstName={device.studentFirstName} />
      )}
    </>
  );
}
