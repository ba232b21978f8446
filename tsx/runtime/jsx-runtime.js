// The JSX runtime entry points ("tfkit/jsx-runtime" and
// "tfkit/jsx-dev-runtime"): the same functions as the "tfkit" module.
export { jsx, jsxs, jsxDEV, Fragment, createElement } from "tfkit";
