import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  // Web interface texts (menu names and the web shell); the web owns this part.
  menu: {
    home: 'Home',
    map: 'Map',
    mapProjects: 'Projects on the map',
    inspection: 'Inspection',
    team: 'Team',
    teamMembers: 'Members',
    teamSettings: 'Team settings',
    teamLocalUsers: 'Local users',
    recycle: 'Recycle bin',
    notice: 'Notices',
    admin: 'Upgrades',
    feedback: 'Feedback',
    personalCenter: 'Personal centre',
  },
  ui: {
    app: {
      name: 'Sightline',
      tagline: 'Structural inspection and monitoring with drone photos on 3D models',
      loading: 'Loading…',
      chunkLoadError: 'Part of the page failed to load; check your network and reload the page',
      reload: 'Reload',
      renderError: 'Something went wrong on this page',
      devtoolsBlocked: 'Developer tools are not available here',
    },
    common: {
      cancel: 'Cancel',
      confirm: 'OK',
      save: 'Save',
      edit: 'Change',
      submit: 'Submit',
      back: 'Back',
      backHome: 'Back to home',
      refresh: 'Refresh',
      notSet: 'Not set',
      unavailable: 'Unavailable',
      copy: 'Copy',
      copied: 'Copied',
      required: 'Required',
    },
    theme: {
      dark: 'Dark theme',
      light: 'Light theme',
      toggle: 'Switch theme',
    },
    language: {
      label: 'Language',
    },
    header: {
      team: 'Current team',
      noTeam: 'No team',
      switchTeam: 'Switch team',
      teamSwitched: 'Switched to team {team}',
      notifications: 'Notices',
      personalCenter: 'Personal centre',
      logout: 'Log out',
      logoutConfirm: 'Do you want to log out?',
      collapse: 'Collapse menu',
      expand: 'Expand menu',
    },
    session: {
      offline: {
        LOGIN_REPEATED: 'Your account logged in elsewhere, so this session was signed out',
        PASSWORD_CHANGED:
          'Your password was changed, so this session was signed out; please log in with the new password',
        USER_ACCOUNT_ABNORMALITY:
          'Your account was disabled, so this session was signed out; please contact your team administrator',
        USER_DELETED:
          'Your account was deleted, so this session was signed out; please contact your team administrator',
      },
      repeatedTitle: 'Already logged in elsewhere',
      repeatedContent: 'Logging in here will sign out the other session. Continue?',
      forceLogin: 'Log in here',
      loggedOut: 'You have logged out',
    },
    home: {
      welcome: 'Welcome back, {name}',
      team: 'Team: {team}',
      noTeam: 'You have not joined a team yet',
      lastLogin: 'Last login: {time}',
    },
    business: {
      title: 'Choose a business',
      subtitle: 'Choose the module you want to work in',
      // Entry names are `business.<code>`, shared with the server's list.
      description: {
        droneInspection: 'Structural defect inspection with drone photos on 3D models',
        droneMonitoring: 'Displacement monitoring from drone photos',
        totalStationMonitoring: 'Displacement monitoring with a total station',
        droneWarehouseInspection: 'Automatic patrols from a drone warehouse',
        supportInspection: 'Inspection of bridge bearings',
        manualInspection: 'Records of on-site manual inspection',
        projectMaterialLibrary: 'One place for project documents',
      },
      enter: 'Enter',
      comingLater: 'In a later release',
      notInMembership: 'Not in your membership',
      notInMembershipHint: 'Needs the “{feature}” membership feature, which your team does not have active.',
    },
    placeholder: {
      title: 'Coming in a later release',
      description: '“{feature}” arrives in a later release; this version does not have it yet.',
      elTest: 'Test page',
      release: 'Released images',
    },
    notFound: {
      title: 'Page not found',
      description: 'The page you asked for does not exist or has been removed.',
    },
    roles: {
      ROLE_TEAM_OWNER: 'Owner',
      ROLE_TEAM_ADMIN: 'Administrator',
      ROLE_TEAM_INSPECTOR: 'Inspector',
      ROLE_TEAM_VIEWER: 'Viewer',
      ROLE_CORP_MANAGEMENT: 'Management',
      ROLE_CORP_SALES: 'Sales manager',
      ROLE_CORP_CLERK: 'Clerk',
      ROLE_SCHOOL_TEACHER: 'Teacher',
      ROLE_SCHOOL_STUDENT: 'Student',
    },
  },
};
