export { TodayStore, type DayFigures } from './today-store';
export { todayChannels, type TodayDeps } from './handlers';
