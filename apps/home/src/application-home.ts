/** The React application page of @erp/ui as a screen parcel (loaded on demand by index.ts). */
import { ApplicationHome as ApplicationHomePage, screen } from '@erp/ui';

export const ApplicationHome = screen(ApplicationHomePage, { module: '@erp/home' });
