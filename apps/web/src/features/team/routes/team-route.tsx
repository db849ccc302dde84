import { TeamScreen } from '../components/team-screen';

/** /{slug}/team (SPEC §2: open to every member; who may change the team is decided on the screen). */
export function TeamRoute() {
  return <TeamScreen />;
}
