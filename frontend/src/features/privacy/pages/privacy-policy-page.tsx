import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '@/lib/session';
import './privacy-policy.css';

export const PRIVACY_LAST_UPDATED = '27 November 2026';

const { Title, Paragraph, Text } = Typography;

interface Kept {
  what: string;
  holds: ReactNode;
  howLong: ReactNode;
}

/** What the product keeps, where, and for how long: as the code does it (api/*), not as a policy would like it. */
const KEPT: Kept[] = [
  {
    what: 'Your account',
    holds:
      'Username, full name, nickname, e-mail, phone number, gender, date of birth, role, team leader, telephony ' +
      'device id, whether the account is active, when the password last changed and when you last signed in. Your ' +
      'password is stored only as an Argon2 hash, never as text.',
    howLong:
      'Accounts are not deleted: an administrator can deactivate one, which stops its sign-in, and the record stays ' +
      'because leads, activities and approvals name the people who worked on them.',
  },
  {
    what: 'Profile picture',
    holds: 'The picture you upload (PNG, JPEG, WebP or GIF, up to 5 MB), in the file storage.',
    howLong: 'Until you upload another one: the old file is removed once the new one is saved.',
  },
  {
    what: 'Clients and contacts',
    holds:
      "Client companies (name, legal name, address, tax number, industry, affiliate) and their people (name, " +
      'gender, position, division, e-mail, phone, LinkedIn), with a history of every change to a contact: who, when ' +
      'and from what to what.',
    howLong:
      'Until an administrator removes them. A removed contact is hidden but its record and history are kept; a ' +
      'client can only be removed while it has no leads. A contact who asks gets, through an administrator, one ' +
      'archive of everything held about them, and can be erased: their details replaced, the files of their ' +
      'activities deleted, their name, e-mail and phone replaced wherever notes and notifications mention them.',
  },
  {
    what: 'Leads',
    holds:
      'The project, its client and persons in charge, values and gross profit, stage, the files attached to it ' +
      '(proposals, confirmations) and a history of each change.',
    howLong: 'Until an administrator removes them; nothing is deleted automatically.',
  },
  {
    what: 'Activities',
    holds: (
      <>
        Meetings, presentations and demos: notes, the person met, voice notes (up to 50 MB each), photos and files (up
        to 15 MB each) in the file storage, and a place. The GPS position is taken only when you press the location
        button and your browser allows it; you can type a place instead. Planned activities and their reminders too.
      </>
    ),
    howLong:
      'With their lead, until an administrator removes them. A planned activity can be removed by its owner while it ' +
      'is still to come.',
  },
  {
    what: 'Cost sheets and billing',
    holds:
      'Project cost sheets with their items, billing schedule, uploaded spreadsheets and generated PDFs (in the file ' +
      'storage), their change history and the payment status moves of monthly billing.',
    howLong: 'Until an administrator removes them; nothing is deleted automatically.',
  },
  {
    what: 'Approvals',
    holds:
      'Each request (who asked, what for, notes), every layer’s decision, the approver, their note and the time. ' +
      'The workflow engine that runs an approval also keeps a history of that run.',
    howLong:
      'The requests and decisions stay with their lead. The workflow engine keeps finished runs for as long as its ' +
      'own settings say, which its operators choose.',
  },
  {
    what: 'Audit log',
    holds:
      'Every change made in administration: who changed which user, team leader, role, menu, page or access right, ' +
      'when, and from what to what.',
    howLong: 'Permanently: the database refuses to change or delete an audit entry, for everyone.',
  },
  {
    what: 'Notifications and e-mails',
    holds:
      'In-app notifications (the message, its type, whether you read it) and the e-mails sent for them (address, ' +
      'subject, text). Password-reset e-mails carry a link that works for 30 minutes.',
    howLong:
      'Until an administrator removes them. E-mails go through the company’s mail server, or into a folder on the ' +
      'server when none is set up.',
  },
  {
    what: 'Sign-in sessions',
    holds: (
      <>
        A short-lived access token (15 minutes) kept in your browser tab’s memory only, and a refresh token in a
        secure, http-only cookie that scripts cannot read. The server keeps, in Redis, a fingerprint (a hash) of the
        refresh token per session, never the token itself.
      </>
    ),
    howLong: 'A session ends at sign-out, when your password changes, or 7 days after it was last used.',
  },
  {
    what: 'Sign-in protection',
    holds:
      'Counts of failed sign-ins per username and per network address, in Redis, to slow down password guessing; ' +
      'counts of password-reset requests per address.',
    howLong:
      'Each count expires by itself: failures of a username from one address are forgotten 24 hours after the last ' +
      'one (or at once on a successful sign-in), the others after 15 minutes; a lock lasts 15 minutes unless an ' +
      'administrator lifts it sooner.',
  },
  {
    what: 'Who is online',
    holds:
      'While you are signed in, each open tab (and each call device you register at Web Link SIP) tells the server ' +
      'that you are online, since when, and whether a tab is in front; your team leader and top management see it ' +
      'on Sales Monitoring.',
    howLong:
      'Held in Redis only and never written to the database: a closed tab leaves at once, a lost one 30 seconds ' +
      'after it was last heard from.',
  },
  {
    what: 'Calls',
    holds:
      'When you tap Call, the number and name of the contact go to your own call devices; a call about a lead is ' +
      'recorded on it as an activity with its duration (not its sound).',
    howLong: 'The call waits at most 6 hours for its device to report it; the recorded activity stays with its lead.',
  },
  {
    what: 'Server logs',
    holds:
      'Each request: time, method, path, answer, network address and a request id. Passwords, tokens and reset ' +
      'links are never logged.',
    howLong: 'As long as the server’s log storage keeps them; its operators set that, not the app.',
  },
];

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="privacy__bullets">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

function sections(company: string): Section[] {
  return [
    {
      id: 'who',
      title: 'Who this is for',
      body: (
        <Paragraph>
          This CRM is an internal tool of {company} for its sales people, team leaders, top management, approvers and
          administrators. It holds the company’s sales work (clients, contacts, leads, activities, cost sheets and
          approvals) and the details of the staff who use it. Only staff with an account can sign in.
        </Paragraph>
      ),
    },
    {
      id: 'kept',
      title: 'What is kept, and for how long',
      body: (
        <>
          <Paragraph>
            Records live in the CRM’s database; files (pictures, voice notes, photos, documents, spreadsheets, PDFs) in
            its file storage, a folder on the server or an object store, served only to signed-in users who may see
            the record they belong to. Where nothing below says otherwise, a record is kept until an administrator
            removes it: the CRM deletes nothing on a schedule.
          </Paragraph>
          <div className="privacy__kept" role="list">
            {KEPT.map((k) => (
              <div className="privacy__kept-row" role="listitem" key={k.what}>
                <Text strong className="privacy__kept-what">
                  {k.what}
                </Text>
                <div className="privacy__kept-holds">{k.holds}</div>
                <div className="privacy__kept-long">
                  <Text type="secondary" className="privacy__kept-label">
                    Kept
                  </Text>
                  {k.howLong}
                </div>
              </div>
            ))}
          </div>
        </>
      ),
    },
    {
      id: 'who-sees',
      title: 'Who sees what',
      body: (
        <>
          <Paragraph>
            What each role may open is set by administrators (Menu Page Access) and checked by the server on every
            request; which leads a person sees follows the team hierarchy:
          </Paragraph>
          <Bullets
            items={[
              <>
                <Text strong>Sales people</Text> see their own leads, with their activities and cost sheets.
              </>,
              <>
                <Text strong>Team leaders</Text> see their own and those of everyone below them in their team.
              </>,
              <>
                <Text strong>Top management</Text> sees every lead.
              </>,
              <>
                <Text strong>Approvers</Text> see, read only, the leads and cost sheets they are asked to decide on.
              </>,
              <>
                <Text strong>Administrators</Text> manage users, roles, menus and access, read the audit log and see
                the data their roles allow.
              </>,
              <>Clients and contacts are shared by everyone whose role opens Client or Contact Management.</>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'outside',
      title: 'What leaves the CRM',
      body: (
        <>
          <Paragraph>Nothing is sold or shared for advertising. Data goes outside the CRM only here:</Paragraph>
          <Bullets
            items={[
              'E-mails (notifications, password resets, cost sheet PDFs) go to their recipients through the mail server the company set up.',
              'A place you search for on an activity, or the position you share, is looked up by the server with a map service (OpenStreetMap’s Nominatim unless the company chose another); its answers are kept for 7 days to spare it.',
              'The activity map’s tiles are loaded by your browser from a map tile server, which therefore sees your network address.',
              'When the file storage is an object store, files are kept with the provider the company chose.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'browser',
      title: 'In your browser',
      body: (
        <Bullets
          items={[
            'The refresh-token cookie described above; no tracking or advertising cookies.',
            'Your leads board density (cards or compact) in local storage.',
            'The access token and, for support, the last 20 failed requests of the open tab, in memory only: they are gone when the tab closes.',
          ]}
        />
      ),
    },
    {
      id: 'rights',
      title: 'Your choices',
      body: (
        <Paragraph>
          You can change your password and profile picture yourself, from your profile. To see, correct or remove
          other data about you, or to have your account deactivated, ask your CRM administrator.
        </Paragraph>
      ),
    },
  ];
}

/** /privacy-policy: how the product handles data, readable signed in or out (spec 1 §2.1). */
export function PrivacyPolicyPage() {
  const { user } = useSession();
  const company = user?.tenantName || 'the company that runs it';
  const all = sections(company);
  return (
    <article className="privacy">
      <header className="privacy__header">
        <span className="privacy__icon" aria-hidden="true">
          <SafetyCertificateOutlined />
        </span>
        <div>
          <Title level={2} className="privacy__title">
            Privacy Policy
          </Title>
          <Text type="secondary">Last updated {PRIVACY_LAST_UPDATED}</Text>
        </div>
      </header>
      <Paragraph className="privacy__lead">
        What the Pipeline CRM keeps about you and the people you work with, where, for how long, and who can see it.
      </Paragraph>
      <Card variant="borderless" className="privacy__contents" size="small">
        <Text strong>Contents</Text>
        <ol>
          {all.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </Card>
      {all.map((s) => (
        <section key={s.id} id={s.id} className="privacy__section" aria-labelledby={`${s.id}-title`}>
          <Title level={4} id={`${s.id}-title`}>
            {s.title}
          </Title>
          {s.body}
        </section>
      ))}
      <Card variant="borderless" className="privacy__contact" size="small">
        <Text strong>Questions?</Text>{' '}
        <Text>
          Contact your CRM administrator (the people who manage users in System › User Management): they answer for
          how {company === 'the company that runs it' ? 'your company' : company} uses this CRM.
        </Text>
      </Card>
    </article>
  );
}
