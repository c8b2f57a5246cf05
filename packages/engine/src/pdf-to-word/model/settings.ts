// The thresholds of PDF to Word, in one typed object, by stage (the folders mapped in ../README.md). Each
// says what it decides and, where it was set by measuring, on what: the documents or cases named, and the commit
// that set it ("set in"), whose message and tests tell more; "set by hand, not measured" where the value was chosen
// as its rule was written and nothing records a measurement (the values issue 31, item 4 took out of the stages'
// code, unchanged). Lengths are points unless named otherwise (`…Em` in font sizes); `…Share` and `…Ratio` are
// fractions; the rest say what they count.
//
// The code reads them here at the time of use, so that `npm run bench pdf-to-word -- --settings <file.json>` can try
// other values (`tuneSettings`); nothing else changes them.

const DEFAULTS = {
  /** Reading a page: characters into lines, rules, fills, images, the page's turn. */
  read: {
    // read/build-lines.ts
    /**
     * Characters further apart than this many font sizes on one baseline belong to separate lines (columns, cells).
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxCharGapEm: 2,
    /**
     * A character standing more than this many font sizes back (left) of the one before starts a new piece of the
     * line: text drawn over other text, not a kerned pair.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    maxBackStepEm: 4,
    /**
     * A line runs along an axis (right, left, down or up the page) when its direction, a unit vector, has more than
     * this along it: within 60° of it. A line running right is read as a row; the others are turned or vertical.
     * Set by hand, not measured, in a7453e1 ("right-to-left lines read from where their characters stand…") and
     * taken for the other directions by 85f6c15 ("reads a page drawn sideways turned…"), 97da9b1 ("writes a table
     * cell whose text is all turned one way…"), 46e82a4 and 0d083a7 (vertical pages).
     */
    minAxisDirection: 0.5,
    // read/encode-image.ts
    /**
     * Images are kept at most at this resolution for the size they are shown at on the page.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxImageDpi: 200,
    /**
     * And at most this many pixels, whatever their placement.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxImagePixels: 12_000_000,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    jpegQuality: 85,
    /**
     * An image is downscaled only when the limits above take it below this share of its width in pixels: a smaller
     * saving is not worth encoding it again. Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    maxResizeScale: 0.75,
    /**
     * A grey image is taken for black and white (written as PNG) when about this many of its pixels, sampled evenly,
     * are all black or white. Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    bilevelSamples: 10_000,
    // read/formula-marks.ts
    /**
     * Marks are measured on the page drawn at this many pixels a point, in at most this many pixels (a poster's coarser).
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    scale: 2,
    /** Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …"). */
    maxPixels: 8_000_000,
    /**
     * At most this many glyphs are measured on a page: a page of thousands of big brackets is no page of formulas.
     * Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …").
     */
    maxGlyphs: 2000,
    /**
     * A pixel darker than this is ink.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    ink: 160,
    /**
     * A mark's ink continues across blank rows up to this many pixels (anti-aliased joins between pieces).
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    maxBlankRows: 1,
    /**
     * Share of a glyph's width left out on each side when looking for its ink.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    inset: 0.1,
    // read/line-characters.ts
    /**
     * A space overlapping the character before it by more than this many font sizes follows an expanded ligature.
     * Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …").
     */
    ligatureOverlapEm: 0.15,
    /**
     * A bracket this many times the size of the line's other characters spans rows.
     * Set in a9788d6 ("PDF to Word sets a form's big braces and pointers at the size of its text (a brace alone between rows is left …").
     */
    bigBracketRatio: 1.6,
    /**
     * A line of at most this many symbols (no letters, no digits) is a mark: a brace, an arrow, a pointer.
     * Set in a9788d6 ("PDF to Word sets a form's big braces and pointers at the size of its text (a brace alone between rows is left …").
     */
    maxMarkCharacters: 2,
    /** Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …"). */
    minSpacedLetterPairs: 8,
    /** Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …"). */
    spacedLetterShare: 0.6,
    /**
     * In letter-spaced text, a space this many times the usual gap between letters parts two words.
     * Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …").
     */
    wordSpaceFactor: 1.5,
    /** Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …"). */
    mathSpaceEm: 0.2,
    /**
     * A character brought down to its line's size (a big bracket) gets a box reaching this many of its font sizes
     * above its baseline, and `boxDescentEm` below. Set by hand, not measured, in a9788d6 ("sets a form's big braces
     * and pointers at the size of its text…").
     */
    boxAscentEm: 0.8,
    /** Set with `boxAscentEm`. */
    boxDescentEm: 0.2,
    /**
     * A combining mark drawn as a glyph of its own (an accent) goes with the letter beside it whose width it covers
     * more than this share of (of the narrower of the two). Set by hand, not measured, in a7453e1 ("right-to-left
     * lines read from where their characters stand…").
     */
    minMarkCoverShare: 0.5,
    /**
     * …the narrower's width taken as this many points at least (a mark drawn without width).
     * Set with `minMarkCoverShare`.
     */
    minMarkWidth: 0.1,
    // read/page-turn.ts
    /**
     * A page is turned when at least this share of its characters (and this many) run in one other direction.
     * Set in 85f6c15 ("PDF to Word reads a page drawn sideways turned, as its reader turns it (issue 15): when most of a page's text …").
     */
    minTurnedShare: 0.6,
    /** Set in 85f6c15 ("PDF to Word reads a page drawn sideways turned, as its reader turns it (issue 15): when most of a page's text …"). */
    minTurnedCharacters: 20,
    // read/read-image.ts
    /**
     * An image shown less than this many points wide or high is too small to see: left out.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    minImageSide: 1,
    // read/read-links.ts
    /**
     * Longer addresses are not links a reader follows (data smuggled into a URI): left as plain text.
     * Set in 5a6c37e ("PDF to Word keeps links and colour (issue 15): link annotations become Word hyperlinks, web addresses to the …").
     */
    maxUriLength: 2048,
    // read/text-fills.ts
    /**
     * A fill must reach over this share of a character's height to be behind it (not a rule or a bar beside it).
     * Set in 5a6c37e ("PDF to Word keeps links and colour (issue 15): link annotations become Word hyperlinks, web addresses to the …").
     */
    minHeightShare: 0.6,
    /**
     * A vector fill within this many points of a highlight annotation's area is the annotation's own appearance.
     * Set in 5a6c37e ("PDF to Word keeps links and colour (issue 15): link annotations become Word hyperlinks, web addresses to the …").
     */
    sameArea: 1.5,
    /**
     * Fills are looked up by bands of this height (points): a page of thousands of fills and characters stays fast.
     * Set in 24928ea ("PDF to Word finds the fill behind each character among the fills of its band of the page, not all of them: a …").
     */
    band: 24,
    // read/trim-image-margins.ts
    /**
     * A pixel at least this light in every colour channel is blank paper (JPEG leaves white a few levels short).
     * Set in 6d60fef ("PDF to Word places a picture by what it shows: blank (white or transparent) margins are cut from images, so a …").
     */
    minBlankLevel: 245,
    /**
     * A pixel at most this opaque is blank whatever its colour.
     * Set in 6d60fef ("PDF to Word places a picture by what it shows: blank (white or transparent) margins are cut from images, so a …").
     */
    maxBlankAlpha: 8,
    // read/vertical-page.ts
    /**
     * A page is vertical when this share of its inked characters (and this many) stand in vertical columns.
     * Set in 46e82a4 ("PDF to Word reads pages of vertical Japanese or Chinese column by column, right to left, and writes them as …").
     */
    minVerticalShare: 0.6,
    /** Set in 46e82a4 ("PDF to Word reads pages of vertical Japanese or Chinese column by column, right to left, and writes them as …"). */
    minVerticalCharacters: 20,
    /**
     * Neighbours in a column are closer than neighbours in a row by at least this factor on a vertical page.
     * Set in 46e82a4 ("PDF to Word reads pages of vertical Japanese or Chinese column by column, right to left, and writes them as …").
     */
    maxColumnPitchRatio: 0.8,
    /**
     * Those neighbours are looked for within this many font sizes along the row or column…
     * Set by hand, not measured, in 46e82a4 ("reads pages of vertical Japanese or Chinese column by column…").
     */
    maxNeighbourEm: 3,
    /** …and within this many font sizes across it (on its row, in its column). Set with `maxNeighbourEm`. */
    maxNeighbourOffsetEm: 0.3,
    /**
     * On a vertical page turned a quarter, characters whose middles stand within this many font sizes of one another
     * (up or down) make one row. Set with `maxNeighbourEm`.
     */
    sameRowEm: 0.5,
    // read/visual-order.ts
    /**
     * A line's characters are put in order by where they stand unless one in this many of its inked characters, or
     * more, was drawn without width (text laid over a scan): then MuPDF's order is kept.
     * Set by hand, not measured, in a7453e1 ("right-to-left lines read from where their characters stand…").
     */
    minInkedPerWidthless: 5,
    /**
     * Two pieces of a right-to-left line share a baseline when they overlap by more than this share of the shorter
     * one's height. Set with `minInkedPerWidthless`.
     */
    rowOverlapShare: 0.5,
    // read/walk-page-text.ts
    /**
     * A rectangle thinner than this, in points, is a rule (table border, underline, separator).
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxRuleThickness: 2.5,
    /**
     * …and longer than this many times its thickness (a dot or a small square is not a rule).
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    minRuleAspect: 2,
    /**
     * Filled rectangles covering more of the page than this are page backgrounds, not shading.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxFillPageShare: 0.6,
    /**
     * Paths kept per page for finding figures: a page of millions of tiny paths (a map, a hostile file) costs no more
     * memory than this many, and its first ones still show where its drawings are.
     * Set in 7e02503 ("PDF to Word keeps at most 200,000 paths a page for finding figures: a page of millions of tiny paths costs …").
     */
    maxFigurePaths: 200_000,
  },
  /** Laying out a scanned page from the words recognised. */
  scan: {
    // scan/cut-scan-photos.ts
    /**
     * Pictures cut out of a scan are drawn at this resolution: sharp in print, small in the file.
     * Set in 5b3c099 ("PDF to Word reads scanned pages: Tesseract's words and lines (hOCR), the page's drawn rules and its pictures …").
     */
    photoDpi: 150,
    /** Set in 5b3c099 ("PDF to Word reads scanned pages: Tesseract's words and lines (hOCR), the page's drawn rules and its pictures …"). */
    photoJpegQuality: 85,
    // scan/scan-page-layout.ts
    /**
     * Words further apart than this many font sizes on one line are in separate cells or columns.
     * Set in 5b3c099 ("PDF to Word reads scanned pages: Tesseract's words and lines (hOCR), the page's drawn rules and its pictures …").
     */
    maxWordGapEm: 2,
    /**
     * Tesseract's line height (ascenders to descenders) to the font size it was set in, measured on known pages.
     * Set in 5b3c099 ("PDF to Word reads scanned pages: Tesseract's words and lines (hOCR), the page's drawn rules and its pictures …").
     */
    sizePerLineHeight: 1.1,
    /**
     * The font size read from a line's height is kept within these (points), rounded to half a point.
     * Set by hand, not measured, in 5b3c099 ("reads scanned pages…").
     */
    minFontSize: 4,
    /** Set with `minFontSize`. */
    maxFontSize: 96,
    /**
     * A line read turned, or without Tesseract's baseline, stands on a baseline this share of its box's height above
     * the box's bottom (its descenders below). Set by hand, not measured, in 5b3c099 ("reads scanned pages…").
     */
    descentShare: 0.22,
    /**
     * A region taken for a picture smaller than this (points, either side) is a speck, a stamp mark or a rule.
     * Set in 5b3c099 ("PDF to Word reads scanned pages: Tesseract's words and lines (hOCR), the page's drawn rules and its pictures …").
     */
    minPhotoPoints: 36,
    /**
     * A region taken for a picture whose confidently read lines cover more than this share of it is text.
     * Set in f1b6028 ("Photos on scanned pages come through whole: what Tesseract makes of a photo's texture (low confidence, …").
     */
    maxPictureTextShare: 0.3,
    /** Set in f1b6028 ("Photos on scanned pages come through whole: what Tesseract makes of a photo's texture (low confidence, …"). */
    minLineConfidence: 80,
  },
  /** Drawings and formulas drawn as pictures. */
  figures: {
    // figures/draw-figures.ts
    /**
     * Figures are drawn at this resolution: their small labels stay legible in print.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    figureDpi: 200,
    /**
     * A page's figures are drawn in at most this many pixels together (those of a poster-sized page coarser).
     * Set in 070a48c ("Figures drawn as pictures carry their words as alternative text (screen readers read a chart's labels); the …").
     */
    maxPagePixels: 8_000_000,
    /**
     * A figure in the same place on this many pages or more is a page decoration (a logo, a frame), not a figure.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    minRepeats: 3,
    /**
     * Boxes whose sides round to the same multiple of this many points are in the same place.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    samePlace: 4,
    // figures/find-figures.ts
    /**
     * Paths closer than this, in points, belong to one drawing.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    joinGap: 6,
    /**
     * A drawing smaller than this (points) is an icon, a bullet or a check mark, left as it is.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    minWidth: 36,
    /** Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …"). */
    minHeight: 24,
    /**
     * A drawing has at least this many shapes: a lone curve is a rounded frame or an ornament.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    minShapes: 3,
    /**
     * Shapes are at least this share of a drawing's paths: a chart's series and markers, a diagram's arrows and rounded
     * boxes. The grid of a form, with a few arrows and an outlined year among its rules, has far fewer (a tenth).
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    minShapeShare: 0.2,
    /**
     * A bar chart is drawn with rectangles only: at least this many filled rectangles standing on one line (sharing an
     * edge), of one thickness, whose lengths differ (the longest this many times the shortest). A shaded table's cells
     * are all one length; a form's boxes are not of one thickness and do not stand on one line.
     * Set in 75bca3c ("PDF to Word finds bar charts drawn with rectangles only (five or more bars of one thickness on one edge, of …").
     */
    minBars: 5,
    /** Set in 75bca3c ("PDF to Word finds bar charts drawn with rectangles only (five or more bars of one thickness on one edge, of …"). */
    minBarLengthRatio: 1.5,
    /**
     * Bars stand on one line when their edges round to the same multiple of this many points.
     * Set by hand, not measured, in 75bca3c ("finds bar charts drawn with rectangles only…").
     */
    sameEdgeStep: 0.5,
    /**
     * Bars of one chart are of one thickness within this share.
     * Set in 75bca3c ("PDF to Word finds bar charts drawn with rectangles only (five or more bars of one thickness on one edge, of …").
     */
    barThicknessTolerance: 0.1,
    /**
     * A bar is thicker than a rule (points).
     * Set in 75bca3c ("PDF to Word finds bar charts drawn with rectangles only (five or more bars of one thickness on one edge, of …").
     */
    minBarThickness: 1.5,
    /**
     * A drawing with this many long curves and no table is a plot, however many rules its grid has.
     * Set in f07ad92 ("PDF to Word draws a plot of two long curves on a grid of many rules as a figure (the sine plot of the …").
     */
    minPlotCurves: 2,
    /**
     * …unless a table covers more than this share of its area: then its curves are the table's (a form's rounded
     * boxes). Set by hand, not measured, in 6ab586f ("draws figures made of vector paths…").
     */
    maxTableOverlapShare: 0.5,
    /**
     * A chart has at most this many axis titles turned on their side.
     * Set in 66930ef ("PDF to Word draws diagrams that read as tables as pictures (boxes with drop shadows, or three long connectors …").
     */
    maxAxisTitles: 2,
    /**
     * A drop shadow is offset down and right by this much (points), and is of its box's size within the tolerance.
     * Set in 66930ef ("PDF to Word draws diagrams that read as tables as pictures (boxes with drop shadows, or three long connectors …").
     */
    minShadowShift: 0.8,
    /** Set in 66930ef ("PDF to Word draws diagrams that read as tables as pictures (boxes with drop shadows, or three long connectors …"). */
    maxShadowShift: 4,
    /** Set in 66930ef ("PDF to Word draws diagrams that read as tables as pictures (boxes with drop shadows, or three long connectors …"). */
    shadowTolerance: 0.5,
    /**
     * A shadowed box is at least this big across (points): a table cell's text box, not a check box's tick.
     * Set in 66930ef ("PDF to Word draws diagrams that read as tables as pictures (boxes with drop shadows, or three long connectors …").
     */
    minShadowedSide: 6,
    /**
     * A path covering more of the page than this is a background or a page frame, part of no drawing.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    maxPathPageShare: 0.5,
    /**
     * A thin straight rule across more than this share of the page's width is a separator of the page (a running
     * head's underline) and part of no drawing: joined to a chart under it, it made the chart's figure as wide as the
     * page, and a table beside the chart a picture. Set by the pdf-to-excel branch on Whisper's page 6 (its Figure 2
     * beside its Table 2), the tuning set of `npm run bench pdf-to-excel`.
     */
    maxFigureRuleWidthShare: 0.75,
    /**
     * Lines of text cover at most this share of a figure: a chart's labels and legend and a diagram's captions are
     * sparse (a tenth to a quarter of the box on the papers of the corpus), while a paragraph in a decorated frame is
     * mostly text.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    maxTextShare: 0.4,
    /**
     * A drawing holding at least `minSampleLines` lines of `minSampleWords` words or more, each line in one face,
     * in `minSampleFaces` faces or more (font, weight and slant), is a table of font samples drawn in boxes: text that
     * reads as text, not a figure's labels (issue 31, item 4: a font-sample table drawn as a picture lost a tenth of
     * a file's words). Set on a specimen of ten faces built by the test; the Whisper paper's plots (axis titles in
     * one face, captions mixing faces) stay figures.
     */
    minSampleLines: 3,
    /** Set with `minSampleLines`. */
    minSampleWords: 4,
    /** Set with `minSampleLines`. */
    minSampleFaces: 4,
    /**
     * A short line of text this close to a drawing (in its own font sizes) is one of its labels: an axis's ticks.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    labelReachEm: 1.2,
    /** Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …"). */
    maxLabelCharacters: 40,
    /** Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …"). */
    labelPasses: 3,
    /**
     * A page keeps at most this many figures, the largest: beyond, it is a drawing of many small parts (a map).
     * Set in 070a48c ("Figures drawn as pictures carry their words as alternative text (screen readers read a chart's labels); the …").
     */
    maxFigures: 40,
    /**
     * The grid that finds neighbouring paths has at most this many cells across and down.
     * Set in 6ab586f ("PDF to Word draws figures made of vector paths (charts, plots, diagrams, icons) as pictures in their place, …").
     */
    maxGridCells: 600,
    // figures/find-formulas.ts
    /**
     * A mark at least this many times its font size tall spans lines: a matrix's brackets, a brace around cases, a
     * fraction's big parentheses. A displayed sum (about 1.4) or a `\big` bracket (1.2) stays within its line.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    minSpanEm: 1.8,
    /**
     * A line this close to a formula (in its own font sizes) beside it is part of it: the rest of its row.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    joinGapEm: 1,
    /**
     * Lines of a formula stand closer than this many font sizes one over the other (baseline to baseline). Closer than
     * the smaller, they are on one row.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    maxStackStepEm: 0.75,
    /** Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …"). */
    minStackStepEm: 0.15,
    /**
     * Lines on one baseline overlapping across by more than this many font sizes are parts of one formula.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    minRowOverlapEm: 0.3,
    /**
     * A fraction's bar is a rule at most this thick and this long (points): longer, it is a table's or a page's.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    maxBarThickness: 1.5,
    /** Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …"). */
    maxBarWidth: 300,
    /**
     * A line is over (or under) a fraction's bar when the bar runs under more than this share of its width.
     * Set by hand, not measured, in 95fc536 ("draws formulas whose lines stand over each other as pictures…").
     */
    minBarCoverShare: 0.5,
    /**
     * A fraction's numerator stands on a baseline at most this many of its font sizes above the bar.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    barReachEm: 0.8,
    /**
     * The denominator's top stands below the bar within this share of `barReachEm` (in its own font sizes).
     * Set by hand, not measured, in 95fc536 ("draws formulas whose lines stand over each other as pictures…").
     */
    denominatorReachShare: 0.5,
    /**
     * Bounds on the work on one page: a line is compared with at most this many lines below it, fraction bars are looked
     * for among at most this many rules; a page with more lines, maths glyphs or places to start from is left as text
     * (a hostile page of a million fragments).
     * Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …").
     */
    maxStackNeighbours: 40,
    /** Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …"). */
    maxLines: 5000,
    /** Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …"). */
    maxMathsGlyphs: 20_000,
    /** Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …"). */
    maxBarRules: 2000,
    /** Set in e1a8af5 ("Review: formula finding is bounded on hostile pages (glyphs measured on at most 8 million pixels and 2,000 …"). */
    maxSeeds: 400,
    /**
     * Lines are taken in at most this many rounds (each round can widen the formula and reach further lines).
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    maxRounds: 4,
    /**
     * How far a line reaches above and below its baseline, in font sizes (ascenders and descenders).
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    ascentEm: 0.75,
    /** Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …"). */
    descentEm: 0.25,
    // figures/join-row-fragments.ts
    /**
     * Fragments of one row share their baseline within this many font sizes.
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    sameBaselineEm: 0.1,
    /**
     * A fragment reaches back over the one before by at most this many font sizes (a script's width).
     * Set in 95fc536 ("PDF to Word draws formulas whose lines stand over each other as pictures (brackets spanning lines, measured …").
     */
    maxOverlapEm: 0.6,
    // convert-document.ts
    /**
     * A figure holding a running head is cut short of it, this many points clear (above a footer, below a header)…
     * Set by hand, not measured, in dbbab43 ("A figure at the top of a page stops below the running header…").
     */
    headClearance: 1,
    /** …and left out when this many points high or less remain. Set with `headClearance`. */
    minClippedHeight: 1,
  },
  /** Ruled and open tables, and what is a chart rather than a table. */
  tables: {
    // tables/chart-or-table.ts
    /**
     * A rule through a line of text, more than this share of the line's height in from its top and bottom, runs
     * through it: a chart's grid line or a strike-through (not a table's edge, not an underline). Set in 5cb13fe
     * ("finds tables without a full grid").
     */
    crossingBandShare: 0.3,
    /**
     * Text that a drawn rule runs through, in this share of a grid's lines (and two at least): a chart, not a table.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    maxCrossedShare: 0.1,
    /**
     * A grid this big with text in fewer than this share of its cells is a chart's grid.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    minChartCells: 12,
    /** Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …"). */
    minFilledShare: 0.25,
    /** Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …"). */
    tickReach: 30,
    /** Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …"). */
    minAxisTicks: 3,
    /**
     * A figure under a grid stands in line with one of its rules within `snap` and this many points more.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    bottomTickSlack: 1,
    /**
     * A labelled drawing (`isLabelledDrawing`) has at least this many cells, fewer than this share of them filled, this
     * many characters in a filled one on average and at most the second figure in each. The geometry notes' figures
     * read as grids of 6 to 56 cells, a third to three quarters filled, 1 to 3.4 characters on average, at most 7; the
     * tables of the corpus are nearly all filled, with 3.6 to 9 characters on average.
     * Set in 5c785e0 ("PDF to Word takes a grid of rules with a few one-letter labels in a minority of its cells for a labelled …").
     */
    minDrawingCells: 8,
    /** Set in 5461dbc ("PDF to Word reads a grid of four to seven cells of labels as a drawing when a shape is drawn in it (a plot's …"). */
    minDrawingCellsWithShapes: 4,
    /** Set in 5c785e0 ("PDF to Word takes a grid of rules with a few one-letter labels in a minority of its cells for a labelled …"). */
    maxDrawingFilledShare: 0.8,
    /** Set in 5c785e0 ("PDF to Word takes a grid of rules with a few one-letter labels in a minority of its cells for a labelled …"). */
    maxLabelMeanCharacters: 3.5,
    /** Set in 5c785e0 ("PDF to Word takes a grid of rules with a few one-letter labels in a minority of its cells for a labelled …"). */
    maxLabelCharacters: 8,
    // tables/detect-open-tables.ts
    /**
     * Narrower rules and fills are underlines or markers, not the edges of a table.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    minTableWidth: 60,
    /**
     * A row of one piece this much of the table's width or wider is running text.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    proseWidthShare: 0.8,
    /**
     * A run of this many prose rows between two rules splits a stack of rules into two tables.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    minProseRows: 3,
    /**
     * Shaded rows may be apart by one unshaded row: a gap of up to this many times a shaded row's height.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    maxFillGap: 1.6,
    /**
     * Shaded rows this many times a stripe's height apart or more shade every other row: the unshaded row after the
     * last stripe belongs to the table too.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    minAlternatePitch: 1.5,
    /**
     * Rules closer in height than this share of `align` are one (drawn twice), and a rule this close to the line
     * between two rows of text is that line.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    sameHeightShare: 0.5,
    /**
     * A line of text reaching out of a table's region by more than this many times `align` is running text beside it
     * (then the region is no table). Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    overhangAligns: 2,
    /**
     * At least this share of an open table's rows (and two rows) have pieces in two columns or more.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    minMultiColumnShare: 0.5,
    /**
     * A rule between two rows of text may reach this many points into either and still part them.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    rowRuleSlack: 1,
    // tables/detect-text-tables.ts
    /**
     * A row of text in this many pieces or more (MuPDF parts a line where the gap is wide) is a row of a table
     * without rules; fewer is a heading, a label or running text (two columns of a page make two pieces). Set by the
     * pdf-to-excel branch on the tuning set of `npm run bench pdf-to-excel` (Arizona's registration report, page 2:
     * nine pieces a row).
     */
    minTextTablePieces: 3,
    /** A table without rules has this many such rows at least. Set with `minTextTablePieces`. */
    minTextTableRows: 3,
    /**
     * Rows of a table without rules are at most this many text sizes apart (Arizona's report leaves about one line
     * blank between its groups of rows); a wider gap ends the table. Set with `minTextTablePieces`.
     */
    maxTextRowGapEm: 2.5,
    /**
     * At least this share of a table without rules' places hold text (Arizona's report: 0.84, its group headings
     * filling one place of nine); a formula's symbols over a few lines fill a fifth or less. Set by the pdf-to-excel
     * branch on the tuning set, and on the pages of the corpus where such a table was wrongly found (the
     * GeoTopo lecture notes' formulas, pages 15 and 38).
     */
    minTextTableFilledShare: 0.5,
    // tables/detect-tables.ts
    /**
     * Pages drawn with more rules than this are drawings, not tables: skip the quadratic clustering.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxRules: 4000,
    // tables/ruled-table.ts
    /**
     * A rule marks a cell's side when it runs along at least this share of it. Set by hand, not measured, in 21656e5
     * ("our own converter…") for ruled tables and taken by 5cb13fe ("finds tables without a full grid…") for open
     * ones.
     */
    minEdgeCoverShare: 0.5,
    /**
     * A line read across a cell's rule is cut at a space at most this many characters (taken as equally wide) from
     * where the rule falls; with none there, it is left whole. Set by hand, not measured, in ea262a9 ("cuts a line
     * read across a cell rule at the space nearest the rule too…").
     */
    maxCutShiftChars: 2,
    /**
     * A fill shades a cell when it holds the cell's middle and covers at least this share of its area.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    minShadingShare: 0.5,
    // tables/segments.ts
    /**
     * Rule ends closer than this, in points, touch; grid lines closer than this are the same line.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    snap: 3,
    /**
     * Ends of rules or fills closer than this, in points, line up (open tables).
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    align: 4,
    // tables/split-merged-cells.ts
    /**
     * A line crosses a column boundary when it reaches more than this far (points) over it.
     * Set in 4e8704d ("PDF to Word splits a cell merged across columns where its text stands in separate columns (a form's label …").
     */
    crossing: 1,
    // tables/text-grid.ts
    /**
     * A gap between columns is at least this many font sizes wide.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    minGapEm: 0.6,
    /**
     * Rows that may cross a column gap (a header over two columns, a group title): this share of all rows.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    maxSpanningShare: 0.25,
    /**
     * Table cells are short: pieces this long (the median) are running text.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    maxCellChars: 30,
    /**
     * A column with this share of its lines flush at both ends, and lines this long, is justified running text.
     * Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …").
     */
    justifiedShare: 0.6,
    /** Set in 5cb13fe ("PDF to Word finds tables without a full grid: rows between rules of one width (a paper's three rules), rows …"). */
    minSentenceChars: 15,
    /**
     * A column is judged justified only when it holds at least this many lines, flush within this many points.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    minJustifiedLines: 4,
    /** Set with `minJustifiedLines`. */
    flushSlack: 1,
    /**
     * Lines whose baselines lie within their font size divided by this (a third of it) make one row.
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    rowSizeDivisor: 3,
    /**
     * A line's column is the one this many points past its start lies in (a line starting on a column's edge is in it).
     * Set by hand, not measured, in 5cb13fe ("finds tables without a full grid…").
     */
    startInset: 1,
  },
  /** Columns, reading order, margins and the blocks of a page. */
  plan: {
    // plan/page-margins.ts
    /**
     * Word needs a little room inside the content box: rounding and font substitutes differ by a point or two.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    slack: 2,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    defaultMargin: 72,
    /**
     * Share of the measured bottom margin kept as margin.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    bottomShare: 0.4,
    /**
     * A page with no text gets `defaultMargin`, but at most this share of its width and height.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    maxDefaultMarginShare: 0.125,
    /**
     * A measured margin is at most the page's width (or height) divided by this: a third.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    marginDivisor: 3,
    // plan/plan-page.ts
    /**
     * Pictures share a row when they overlap by at least this share of the smaller's height.
     * Set in 305454d ("PDF to Word keeps pictures side by side in one row when a caption falls between them in reading order").
     */
    sharedRow: 0.5,
    /**
     * Captions between pictures of one row: at most this many lines, starting within this many lines of its foot.
     * Set in 92ea110 ("PDF to Word pulls a picture into the row of an earlier one only across its captions and when the two stand …").
     */
    maxCaptionLines: 6,
    /** Set in 92ea110 ("PDF to Word pulls a picture into the row of an earlier one only across its captions and when the two stand …"). */
    captionReachLines: 3,
    /**
     * Pictures of one row stand at most this share of the column's width apart.
     * Set in 92ea110 ("PDF to Word pulls a picture into the row of an earlier one only across its captions and when the two stand …").
     */
    maxRowGapShare: 0.15,
    /**
     * An image with at least this many lines of text drawn over it is a background.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    minLinesOverBackground: 2,
    // plan/reading-order.ts
    /**
     * A gutter is at least this wide, in points.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    minGutterWidth: 7,
    /**
     * A line wider than this share of the text area spans columns.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxColumnShare: 0.6,
    /**
     * A gutter is at most this share of the narrower column beside it.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxGutterShare: 0.5,
    /**
     * Lines that may cross a gutter: full-width titles, captions, footnotes.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    maxCrossingShare: 0.12,
    /**
     * Each side of a gutter holds at least this many lines, and this share of all lines.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    minSideLines: 4,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    minSideShare: 0.15,
    /**
     * A row of this many short pieces or more is a table's or a form's, not two columns of text...
     * Set in 768918a ("PDF to Word finds a page's text columns under a table whose cells run across their gutter: rows of three …").
     */
    minTableRowPieces: 3,
    /**
     * ...a piece being short when it is at most this share of the text's width.
     * Set in 9e3992a ("Only rows of three short pieces or more count as table cells for finding text columns: a column's line beside …").
     */
    maxCellShare: 0.25,
    /**
     * An item across a gutter no taller than this (points) is a line of text, whose row goes with it.
     * Set in 40c949a ("PDF to Word keeps pieces of one text row together when one of them crosses the gutter of the columns below …").
     */
    maxRowHeight: 30,
    /**
     * Share of a column's lines that reach to within `reachShare` (a quarter) of its width of the gutter: text, not a
     * table.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    minReachingShare: 0.4,
    /**
     * A line reaches the gutter when it ends (or starts) within this share of its column's width of it.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    reachShare: 0.25,
    /**
     * A line is on one side of a gutter when it stops (or starts) within this many points of it.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    gutterSideSlack: 1,
    /**
     * An item across a gutter taller than `maxRowHeight` still takes its row with it when neither is more than this
     * many times as tall as the other (pictures side by side). Set by hand, not measured, in 6d60fef ("places a
     * picture by what it shows…").
     */
    maxHeightRatio: 2,
    /**
     * Two items are on one row when they share more than this share of the shorter one's height.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    rowOverlapShare: 0.5,
    // plan/take-side-strips.ts
    /**
     * A strip beside a table is at most this share of the table's width: a margin's lettering, not a column of text.
     * Set in ef6088d ("PDF to Word sets the lines beside a table beside it, not above it (issue 30, item 8, in part): a narrow strip …").
     */
    maxStripShare: 0.5,
    /**
     * Points left between a strip's text and the edge of the column it becomes.
     * Set in ef6088d ("PDF to Word sets the lines beside a table beside it, not above it (issue 30, item 8, in part): a narrow strip …").
     */
    stripPadding: 1,
  },
  /** Rows into paragraphs, fitting text to Word's fonts, headings. */
  paragraphs: {
    // paragraphs/assign-headings.ts
    /**
     * A bold paragraph at least this share of the body text's size, over fewer than `maxHeadingLines` lines, is a
     * heading. Set in 21656e5 ("our own converter…").
     */
    minBoldHeadingSizeRatio: 0.95,
    maxHeadingLines: 2.5,
    /**
     * Text larger than the body text by this factor is a heading.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    minHeadingSizeRatio: 1.15,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    maxHeadingChars: 200,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    maxBoldHeadingChars: 120,
    // paragraphs/build-paragraphs.ts
    // The rules by which rows make one paragraph (`continuesParagraph`) and by which a bibliography's hanging
    // entries are joined (`isHangingEntry`), one value for both (written out twice before issue 31). Set in 21656e5
    // ("our own converter…": `continuesParagraph`) and taken over by 9df4801 ("keeps a bibliography's entries whole").
    /** Rows of one paragraph differ in size by at most this share of the larger. */
    sameSizeShare: 0.15,
    /** A row starting this many font sizes further in than the one before is indented: a new paragraph. */
    indentEm: 0.8,
    /** A hanging entry's lines after the first are indented by at most this many font sizes. */
    maxHangingIndentEm: 3,
    /** A row stops short of the column's end (a paragraph's last line) with more room than this many font sizes… */
    shortLineRoomEm: 3,
    /** …and more than this share of the column's width. */
    shortLineRoomShare: 0.12,
    /** Baselines of one paragraph's rows are at most this many font sizes apart (its second row)… */
    maxPitchEm: 1.75,
    /** …and after that at most this many times the paragraph's pitch so far, plus `pitchSlack` points. */
    maxPitchGrowth: 1.3,
    pitchSlack: 0.5,
    /** A hanging entry's body keeps its first line's pitch within this many font sizes. */
    pitchToleranceEm: 0.3,
    /**
     * Edges this close, in points, line up: rows whose middles line up and whose left ends do not are centred lines
     * of one paragraph; rows whose right ends line up (and a row at the column's end) are right-aligned.
     */
    alignSlack: 3,
    /** A paragraph of one line is at least this many font sizes high. */
    singleLineSpacingEm: 1.15,
    // The alignment of a paragraph's rows (`measureAlignment`). Set in 21656e5 ("our own converter…").
    /** A row whose middle is this close (points) to the column's middle, or rows whose middles are, are centred… */
    centerSlack: 4,
    /** …a single row, when it starts more than this share of the column's width in. */
    minCenteredIndentShare: 0.1,
    /** A single row ending at the column's end is right-aligned when it starts more than this share in. */
    minRightIndentShare: 0.3,
    /** Rows (all but the last) whose right ends lie within this many points are justified. */
    justifiedSlack: 2.5,
    /**
     * Gap between pieces of one row, in font sizes, above which they are separated by a tab rather than a space.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    tabGapEm: 1.5,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    spaceGapEm: 0.2,
    /**
     * A space is about this many font sizes wide.
     * Set in 2a9ec03 ("PDF to Word joins the lines of a ragged column into paragraphs: a line is short only against where most of …").
     */
    spaceWidthEm: 0.3,
    /**
     * A line alone is as tall as its box, but at most this many font sizes: maths fonts declare twice what they draw.
     * Set in 6ddf1ec ("PDF to Word spaces a line alone by its font size, not by the box a maths font declares (19 points for a …").
     */
    maxLineHeightEm: 1.3,
    /**
     * A column of at least this many rows shows where its text starts and ends...
     * Set in 2a9ec03 ("PDF to Word joins the lines of a ragged column into paragraphs: a line is short only against where most of …").
     */
    minRowsForEdges: 5,
    /**
     * ...its end being where this share of its rows end or before: a few run past the measure (a clipped frame).
     * Set in 2a9ec03 ("PDF to Word joins the lines of a ragged column into paragraphs: a line is short only against where most of …").
     */
    edgeQuantile: 0.75,
    /**
     * A hanging entry's lines after the first start within this many points of one another, and the next entry's first
     * line within this many of this one's. Set by hand, not measured, in 9df4801 ("keeps a bibliography's entries
     * whole…").
     */
    hangingAlignSlack: 1,
    /**
     * Pieces of text are on one row when they share more than this share of the shorter one's height…
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    rowOverlapShare: 0.5,
    /** …and stand side by side, overlapping by at most this many points. Set with `rowOverlapShare`. */
    pieceOverlap: 1,
    /**
     * The fill behind a whole paragraph shades the paragraph (a bar or box the text is written on) when it stands out
     * from the text by at least this many font sizes on a side. Set by hand, not measured, in 5a6c37e ("keeps links
     * and colour…").
     */
    minBarMarginEm: 0.5,
    // paragraphs/fit-text-width.ts
    /**
     * A line is measured when it has at least this many characters: a short one has room to spare.
     * Set in ef30f11 ("PDF to Word: a chapter's running heads and the lone page numbers below chapter openings go into footers of …").
     */
    minLineCharacters: 20,
    /**
     * At most this many points less between characters: beyond, the text looks cramped.
     * Set in ef30f11 ("PDF to Word: a chapter's running heads and the lone page numbers below chapter openings go into footers of …").
     */
    maxCondensing: 0.6,
    /**
     * A paragraph set narrower in the PDF than in its Word family by more than this share is set scaled (Word's
     * character scale): its font is a condensed one (a form's Helvetica Neue Condensed, written as Arial).
     * Set in 4dbd536 ("PDF to Word scales the characters of a paragraph set in a font much narrower than its Word family (Word's …").
     */
    minScaleGain: 0.08,
    /**
     * Word scales characters to at least this many percent.
     * Set in 4dbd536 ("PDF to Word scales the characters of a paragraph set in a font much narrower than its Word family (Word's …").
     */
    minScale: 50,
    /**
     * Spans are measured when they have this many characters: a lone letter's box says little of its font.
     * Set in 4dbd536 ("PDF to Word scales the characters of a paragraph set in a font much narrower than its Word family (Word's …").
     */
    minSpanCharacters: 3,
    /**
     * A paragraph is scaled when at least this many points of its text were measured.
     * Set in 4dbd536 ("PDF to Word scales the characters of a paragraph set in a font much narrower than its Word family (Word's …").
     */
    minMeasuredWidth: 30,
    /**
     * A paragraph is scaled this many percent below the ratio measured (rounded down first), to spare.
     * Set by hand, not measured, in 4dbd536 ("scales the characters of a paragraph set in a font much narrower…").
     */
    scaleSparePercent: 1,
  },
  /** Headers, footers and page numbers across pages. */
  runningHeads: {
    // running-heads/detect-running-heads.ts
    /**
     * Share of the page height, at the top and at the bottom, where headers and footers stand.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    zoneShare: 0.12,
    /**
     * Baselines of a repeated line may move this much, in points, from page to page.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    positionTolerance: 6,
    /**
     * A line is running when it repeats on at least this share of the pages (of its parity).
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    minPageShare: 0.5,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    minPages: 2,
    /**
     * A repeated line is a running head only when at least this share of its pages have body text too: a line alone on
     * its page ("Page 3" of a blank page, a one-line slide) is the page's text.
     * Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    minWithBodyShare: 0.5,
    /**
     * A line of the odd (or even) pages may stand on a few pages of the other kind too, up to this share of its pages:
     * a book's front matter starts a chapter on a left-hand page now and then.
     * Set in 9e52fad ("PDF to Word keeps a full page on one page: the paragraph ending each section and an empty header or footer …").
     */
    maxOffParityShare: 0.1,
    /**
     * A line's number is the page number when it rises with the pages: on most of them by as many as the pages, or by a
     * few more where the PDF leaves pages out (a book's plates; the book in the corpus skips up to 4 at a time).
     * Set in ef30f11 ("PDF to Word: a chapter's running heads and the lone page numbers below chapter openings go into footers of …").
     */
    minInStepShare: 0.8,
    /** Set in ef30f11 ("PDF to Word: a chapter's running heads and the lone page numbers below chapter openings go into footers of …"). */
    maxSkippedNumbers: 10,
    /**
     * A chapter's running head repeats on at least this many pages,
     * Set in ef30f11 ("PDF to Word: a chapter's running heads and the lone page numbers below chapter openings go into footers of …").
     */
    minChapterPages: 3,
    /**
     * with at most this many pages from one to the next (a chapter's first page, a full-page figure, a blank page).
     * Set in ef30f11 ("PDF to Word: a chapter's running heads and the lone page numbers below chapter openings go into footers of …").
     */
    maxChapterGap: 4,
  },
  /** Writing the .docx. */
  write: {
    // write/docx-running-heads.ts. Set in 21656e5 ("our own converter…").
    /** A running head alone on its row, its middle within this share of the text width of the middle, is centred. */
    centeredHeadShare: 0.05,
    /** A running head ending within this many points of the text's right edge is set against it (right or a tab). */
    rightHeadSlack: 6,
    // write/docx-blocks.ts
    /**
     * Word's exact line height puts the baseline about this share of the line height below the line's top.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    baselineShare: 0.78,
    /**
     * Long paragraphs are set a little tighter than in the PDF: without the PDF's hyphenation and with substitute fonts
     * they tend to need a few more lines, and a column that overflows pushes the rest of the page onto a new one.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    longParagraphLineShare: 0.96,
    /** Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …"). */
    longParagraphLines: 3,
    /**
     * A paragraph is long when its first and last baselines stand at least `longParagraphLines - 1` line spacings
     * apart, times this share. Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    longParagraphPitchShare: 0.9,
    /**
     * A bullet's text starts this many font sizes after the bullet when the PDF does not show where (no hanging
     * indent). Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    bulletIndentEm: 1.5,
    /**
     * A table's ruled sides are drawn this many eighths of a point wide (Word's unit for borders): the PDF's rule
     * widths are not carried. Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    tableBorderEighths: 4,
    /**
     * The lines of a paragraph in a cell whose text is turned are set this many font sizes apart.
     * Set by hand, not measured, in 97da9b1 ("writes a table cell whose text is all turned one way…").
     */
    turnedLineSpacingEm: 1.2,
    // write/docx-running-heads.ts
    /**
     * Lines on one baseline, this close in points, make one header or footer paragraph.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    sameRow: 3,
    // write/link-anchors.ts
    /**
     * A target point this far (points) above a block's top still lands on it: a destination is set above a heading.
     * Set in 5a6c37e ("PDF to Word keeps links and colour (issue 15): link annotations become Word hyperlinks, web addresses to the …").
     */
    tolerance: 2,
    /**
     * A destination's x may stand this far right of the column it leads to (and any distance left of it).
     * Set in 5a6c37e ("PDF to Word keeps links and colour (issue 15): link annotations become Word hyperlinks, web addresses to the …").
     */
    columnSlack: 12,
    // write/write-docx.ts
    /**
     * Images are shrunk to leave this share of the text height free, so a full-page image cannot spill onto a new page.
     * Set in 21656e5 ("PDF to Word: our own converter from MuPDF structured text to flowing .docx paragraphs (reading order, …").
     */
    imageHeightShare: 0.97,
    /**
     * A header (footer) whose distance from the page's edge was not measured stands this share of the top (bottom)
     * margin from it. Set by hand, not measured, in 21656e5 ("our own converter…").
     */
    headDistanceShare: 0.5,
    // write/fit-page-height.ts
    /**
     * A page whose flow runs past its bottom margin is planned shorter by the room over the flow, times this share:
     * Word's rows and wrapped lines grow past what the plan can tell.
     * Set on the tuning half (issue 30, item 8): the 1040 tax form (pdfjs_irs-f1040-prefilled_acroform.pdf).
     */
    fitShare: 0.85,
    /**
     * A page that would need planning shorter than this share is left as it is: squeezing it would not keep it
     * one page (the AutoCAD drawing, its picture taller than the room, lost layout and still took two pages).
     * Set with `fitShare`; the drawing is in the checking half.
     */
    minFitFactor: 0.8,
  },
  /** The layout model shared by every stage. */
  model: {
    // model/layout-model.ts
    /**
     * Smaller text this many font sizes above or below the baseline, and no further, is a superscript or subscript.
     * Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …").
     */
    minRiseEm: 0.15,
    /** Set in a7453e1 ("PDF to Word: right-to-left lines read from where their characters stand (final punctuation, numbers, …"). */
    maxRiseEm: 0.6,
  },
};

export type PdfToWordSettings = {
  [Stage in keyof typeof DEFAULTS]: { [Key in keyof (typeof DEFAULTS)[Stage]]: number };
};

/** The settings in force: the defaults above unless a bench tuned them. */
export const SETTINGS: PdfToWordSettings = structuredClone(DEFAULTS);

/** Overrides for some settings, by stage: what `tuneSettings` takes (a bench's `--settings` file). */
export type SettingsOverrides = { [Stage in keyof PdfToWordSettings]?: Partial<PdfToWordSettings[Stage]> };

/**
 * Sets the given settings, the others back to their defaults (for benches trying other thresholds; the server never
 * calls it). A stage or a setting that does not exist is an error, so that a misspelt name cannot pass unnoticed.
 */
export function tuneSettings(overrides: SettingsOverrides): void {
  for (const [stage, values] of Object.entries(overrides) as [
    keyof PdfToWordSettings,
    Record<string, number>,
  ][]) {
    if (!(stage in DEFAULTS)) throw new Error(`PDF to Word has no settings for a stage "${stage}"`);
    for (const [key, value] of Object.entries(values)) {
      if (!(key in DEFAULTS[stage])) throw new Error(`PDF to Word has no setting ${stage}.${key}`);
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new Error(`${stage}.${key} must be a number`);
    }
  }
  for (const stage of Object.keys(DEFAULTS) as (keyof PdfToWordSettings)[]) {
    Object.assign(SETTINGS[stage], DEFAULTS[stage], overrides[stage] ?? {});
  }
}
