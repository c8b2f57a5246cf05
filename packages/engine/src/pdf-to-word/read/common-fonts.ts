/**
 * Font families that Word and LibreOffice users commonly have: those of Windows and Office, of macOS, and the free
 * families of Linux desktops (lower case, without spaces). A family outside this list shows in some other font on
 * most readers' machines: in LibreOffice a wide sans-serif whatever its kind, which can run a book of 352 pages to
 * 417. PDF to Word writes such a family as the common family of its kind instead (`font-names.ts`).
 */
const COMMON_FAMILIES = new Set(
  [
    // Windows
    `arial arialblack arialnarrow arialunicodems bahnschrift calibri calibrilight cambria cambriamath
     candara comicsansms consolas constantia corbel couriernew ebrima franklingothic franklingothicmedium
     gabriola gadugi georgia impact lucidaconsole lucidasans lucidasansunicode microsoftsansserif
     palatinolinotype segoeui segoeuisymbol segoeprint segoescript sitka sylfaen symbol tahoma
     timesnewroman trebuchetms verdana webdings wingdings marlett`,
    // Office
    `garamond bookantiqua bookmanoldstyle century centurygothic centuryschoolbook gillsans gillsansmt
     rockwell baskervilleoldface bodonimt calistomt perpetua goudyoldstyle twcenmt lucidabright lucidafax
     californianfb aptos`,
    // macOS
    `helvetica helveticaneue avenir avenirnext futura optima baskerville didot hoefertext
     americantypewriter menlo monaco charter palatino times courier geneva lucidagrande`,
    // Linux desktops and free families
    `liberationserif liberationsans liberationmono dejavusans dejavuserif dejavusansmono notosans
     notoserif notosansmono opensans roboto lato sourcesanspro sourceserifpro sourcecodepro ubuntu
     cantarell carlito caladea freeserif freesans freemono`,
  ].flatMap((names) => names.split(/\s+/).filter(Boolean)),
);

/**
 * East Asian families are kept whatever their name: their kind (serif or not) says nothing of the script, and every
 * reader falls back to a font of that script.
 */
const EAST_ASIAN_FAMILY =
  /ming|song|sun|kai|hei|gothic|mincho|kozuka|koz[gm]|batang|gulim|dotum|gungsuh|myungjo|fang|yuan|meiryo|hiragino|pingfang|yahei|jhenghei|yugo|yumin|dengxian|malgun|noto\w*(cjk|jp|kr|sc|tc)/i;

export function isCommonFamily(family: string): boolean {
  return COMMON_FAMILIES.has(family.replace(/\s+/g, '').toLowerCase()) || EAST_ASIAN_FAMILY.test(family);
}
