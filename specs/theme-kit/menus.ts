/** One link of a mock menu. */
export interface IMenuLink {
  /** Link title. */
  title: string;
  /** Nested links. */
  children?: IMenuLink[];
}

/** One mock menu: an entry of `menus.stk.config.json` (an array). */
export interface IMenuConfig {
  /**
   * Template menu identifier this menu fills: `main-menu` or `footer-menu`. The platform's documentation does not
   * say it is required; a menu without one, or with another name, matches no template menu (a warning).
   * @examples ["main-menu", "footer-menu"]
   */
  name?: string;
  /** The menu's links. */
  links?: IMenuLink[];
}
