import { FileQuestion, LogIn, LogOut, UserPlus, Users } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { invoicesPath } from '@kontor/domain/entry-guard';
import type { InvitationDetails } from '@kontor/domain/team/team-schemas';
import { PublicLayout } from '@/components/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-error';
import { savePendingInvitation, startLogin, type LoginMode } from '@/lib/auth-redirect';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useAcceptInvitation, usePublicInvitation } from '../api/public-invitation';
import { invitationPageState, shouldAcceptAutomatically, type InvitationPageState } from '../model/invitation-page';

export interface InvitationPageProps {
  /** Ends the session (the app passes the auth feature's logout); the browser then leaves the page. */
  signOut: () => Promise<unknown>;
  isSigningOut: boolean;
}

/**
 * /invitation/:token (public, issue 67): who invites whom to which organisation, and the way in:
 * sign up or sign in first (the token waits in this tab and the sign-in comes back here to join),
 * join with the invited address, or sign out of another one.
 */
export function InvitationPage({ signOut, isSigningOut }: InvitationPageProps) {
  const { t } = useTranslation(['team', 'errors']);
  const token = useParams().token ?? '';
  const query = usePublicInvitation(token);

  let body: ReactNode;
  if (query.isPending) body = <LoadingState label={t('team:invitationPage.loading')} />;
  else if (query.isError && isApiError(query.error) && query.error.status === 404)
    body = (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="status">
        <FileQuestion aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold text-primary">{t('team:invitationPage.notFoundTitle')}</h1>
        <p className="max-w-md text-sm text-muted-foreground">{t('team:invitationPage.notFoundBody')}</p>
      </div>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title={t('team:invitationPage.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else
    body = (
      <InvitationBody
        token={token}
        details={query.data}
        onAcceptFailed={() => void query.refetch()}
        signOut={signOut}
        isSigningOut={isSigningOut}
      />
    );

  return (
    <PublicLayout>
      <section className="mx-auto grid max-w-xl gap-6 rounded-lg border border-border bg-surface p-6 sm:p-10">{body}</section>
    </PublicLayout>
  );
}

interface InvitationBodyProps extends InvitationPageProps {
  token: string;
  details: InvitationDetails;
  /** The invitation may have changed meanwhile (expired, revoked, used): read it again. */
  onAcceptFailed: () => void;
}

function InvitationBody({ token, details, onAcceptFailed, signOut, isSigningOut }: InvitationBodyProps) {
  const { t } = useTranslation(['team', 'errors']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const accept = useAcceptInvitation(token);
  const hasAutoAccepted = useRef(false);
  const organization = details.organizationName;
  const state = invitationPageState(details);
  const isAutoAccept = shouldAcceptAutomatically(state, search);

  const join = async () => {
    try {
      const { user } = await accept.mutateAsync();
      notifySuccess(t('team:invitationPage.joined', { organization }));
      await navigate(user.organization ? invoicesPath(user.organization.slug) : '/', { replace: true });
    } catch {
      onAcceptFailed();
    }
  };
  const joinAutomatically = useEffectEvent(() => void join());

  // Back from signing up or in with the invited address (?accept=1): join once, without a click.
  useEffect(() => {
    if (!isAutoAccept || hasAutoAccepted.current) return;
    hasAutoAccepted.current = true;
    joinAutomatically();
  }, [isAutoAccept]);

  const login = (mode: LoginMode) => {
    savePendingInvitation(token);
    startLogin(mode, currentLocale());
  };
  const signOutAndReturn = async () => {
    // Signed in again (with the invited address), the callback brings the user back here to join.
    savePendingInvitation(token);
    try {
      await signOut();
    } catch (error) {
      notifyError(error, t('team:invitationPage.signOutFailed'));
    }
  };

  return (
    <div className="grid gap-6" data-testid="invitation-page">
      <header className="grid gap-3">
        <Users aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-2xl font-semibold text-primary">
          {details.invitedByName
            ? t('team:invitationPage.invited', { invitedBy: details.invitedByName, organization })
            : t('team:invitationPage.invitedAnonymous', { organization })}
        </h1>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('team:invitationPage.role')}</dt>
          <dd className="font-medium">{t(`team:roles.${details.role}`)}</dd>
          <dt className="text-muted-foreground">{t('team:invitationPage.email')}</dt>
          <dd className="font-medium break-all">{details.email}</dd>
          {details.status === 'pending' ? (
            <>
              <dt className="text-muted-foreground">{t('team:invitationPage.validUntil')}</dt>
              <dd className="font-medium">{formatDate(details.expiresAt, currentLocale())}</dd>
            </>
          ) : null}
        </dl>
      </header>
      <InvitationActions
        state={state}
        isSignedIn={details.signedInEmail !== null}
        email={details.email}
        organization={organization}
        onLogin={login}
        onJoin={() => void join()}
        isJoining={accept.isPending}
        joinError={accept.error}
        onSignOut={() => void signOutAndReturn()}
        isSigningOut={isSigningOut}
      />
    </div>
  );
}

interface InvitationActionsProps {
  state: InvitationPageState;
  isSignedIn: boolean;
  email: string;
  organization: string;
  onLogin: (mode: LoginMode) => void;
  onJoin: () => void;
  isJoining: boolean;
  joinError: unknown;
  onSignOut: () => void;
  isSigningOut: boolean;
}

function InvitationActions(props: InvitationActionsProps) {
  const { state, isSignedIn, email, organization, onLogin, onJoin, isJoining, joinError, onSignOut, isSigningOut } = props;
  const { t } = useTranslation(['team', 'errors']);
  switch (state.kind) {
    case 'closed':
      return (
        <div className="grid gap-4">
          <Alert tone="warning">
            <p className="font-medium">{t(`team:invitationPage.closedTitles.${state.status}`)}</p>
            <p>{t(`errors:invitation_${state.status}`)}</p>
          </Alert>
          {state.status === 'accepted' && !isSignedIn ? (
            <div>
              {/* Used already: signing in opens the organisation, with no invitation to take along. */}
              <Button variant="outline" onClick={() => startLogin('sign-in', currentLocale())}>
                <LogIn aria-hidden="true" />
                {t('team:invitationPage.signIn')}
              </Button>
            </div>
          ) : null}
        </div>
      );
    case 'signedOut':
      return (
        <div className="grid gap-4">
          <p className="text-sm text-foreground/90">{t('team:invitationPage.signedOutHint', { email, organization })}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => onLogin('sign-up')}>
              <UserPlus aria-hidden="true" />
              {t('team:invitationPage.signUp')}
            </Button>
            <Button variant="outline" onClick={() => onLogin('sign-in')}>
              <LogIn aria-hidden="true" />
              {t('team:invitationPage.signIn')}
            </Button>
          </div>
        </div>
      );
    case 'canJoin':
      return (
        <div className="grid gap-4">
          <p className="text-sm text-foreground/90">{t('team:invitationPage.joinHint', { email })}</p>
          {joinError ? (
            <Alert tone="danger">
              <p className="font-medium">{t('team:invitationPage.joinFailed')}</p>
              <p>{getErrorMessage(joinError)}</p>
            </Alert>
          ) : null}
          <div>
            <Button onClick={onJoin} isLoading={isJoining}>
              {t('team:invitationPage.join', { organization })}
            </Button>
          </div>
        </div>
      );
    case 'otherAccount':
      return (
        <div className="grid gap-4">
          <Alert tone="warning">
            <p>{t('errors:invitation_email_mismatch', { email, signedInAs: state.signedInEmail })}</p>
          </Alert>
          <div>
            <Button variant="outline" onClick={onSignOut} isLoading={isSigningOut}>
              {isSigningOut ? null : <LogOut aria-hidden="true" />}
              {t('team:invitationPage.signOut')}
            </Button>
          </div>
        </div>
      );
  }
}
