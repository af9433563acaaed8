/** What the tabs of a resolved route are made of (labels, Components, Props). */
import { findRoute, type Application, type RouteDefinition } from '@erp/shared';
import {
  DEFAULT_APPLICATION_HOME_COMPONENT,
  DEFAULT_HOME_COMPONENT,
  applicationPath,
  routeTitle,
} from '../router/resolve.ts';
import type { ApplicationTabInit, ScreenTabInit } from './workspace-model.ts';

/** The application tab of an application: its Description as label, its root route's Component as page. */
export function applicationTabInit(application: Application, routes: readonly RouteDefinition[]): ApplicationTabInit {
  const root = applicationPath(application);
  const route = findRoute(routes, root);
  return {
    application: application.Application,
    routerPath: root,
    label: application.Description || application.Application,
    page: {
      path: root,
      label: application.Description || application.Application,
      component: route?.Component || DEFAULT_APPLICATION_HOME_COMPONENT,
      routeProps: route?.Props ?? null,
      meta: route?.Meta ?? null,
    },
  };
}

/** The home page: route `/` when declared, else the default home screen. */
export function homeTabInit(routes: readonly RouteDefinition[], label: string): Omit<ScreenTabInit, 'path'> {
  const route = findRoute(routes, '/');
  return {
    label,
    component: route?.Component || DEFAULT_HOME_COMPONENT,
    routeProps: route?.Props ?? null,
    meta: route?.Meta ?? null,
  };
}

/** A menu or route tab of a declared route; the label is the menu's name, else the route's title. */
export function routeTabInit(path: string, route: RouteDefinition, label?: string): ScreenTabInit {
  return {
    path,
    label: label?.trim() || routeTitle(route),
    component: route.Component,
    routeProps: route.Props,
    meta: route.Meta,
  };
}
