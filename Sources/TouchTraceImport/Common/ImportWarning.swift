import TouchTraceEngine

/// Something an import approximated or left out, and where: the element's line and column in
/// the source (XML), or the node's JSON pointer and name (Figma), its id there (an Interface
/// Builder object id, a Figma node id), and what was lost. An import never fails because of one
/// node: each unsupported element, attribute or class becomes the nearest thing the scene
/// format models, with one of these.
public struct ImportWarning: Sendable, Hashable {
    /// The closed set of warnings (docs/import-ib.md, docs/import-figma.md and
    /// docs/import-dumps.md list each with an example; every kind has a fixture in
    /// Tests/Fixtures/import-ib/, import-figma/ or import-dumps/, as ``interfaceBuilder``,
    /// ``figma`` and ``dumps`` say).
    public enum Kind: String, Sendable, CaseIterable {
        /// An element with no modelled UIKit class: imported as a plain `UIView` (its class kept as
        /// `customClass`).
        case unsupportedElement
        /// An attribute or property element the importer does not read: ignored.
        case unsupportedAttribute
        /// An attribute whose value cannot be read (not a number, an unknown name): UIKit's default used.
        case invalidValue
        /// A gesture recognizer imported as the nearest modelled type (a screen-edge pan as a
        /// pan, a left swipe as TouchTrace's swipe).
        case gestureRecognizerApproximated
        /// A gesture recognizer with no modelled counterpart (pinch, rotation, hover): left out.
        case gestureRecognizerDropped
        /// A constraint that refers to something not imported, or that UIKit would refuse: left out.
        case constraintDropped
        /// An action or segue whose target is not in the scene (another scene's object, a custom
        /// object): left out.
        case actionDropped
        /// Imported with its class and geometry, but a behaviour TouchTrace does not model yet
        /// (table and collection selection, bar items, cell segues): issue 15.
        case behaviourNotModelled
        /// A container view controller whose arrangement TouchTrace does not model (split, page):
        /// its first child imported in a plain container view.
        case controllerNotModelled
        /// Something that lives in another file (a storyboard reference, a view controller whose
        /// view is in another nib): not imported.
        case externalReference
        /// A layout feature approximated (size-class variations, readable-width margins,
        /// baseline-relative stacks, margins preserved from the superview).
        case layoutApproximated
        /// Xcode marks the view misplaced or ambiguous: its stored frame is not what its
        /// constraints give, and TouchTrace lays it out from the constraints.
        case misplacedView
        /// A view in a scene's dock or a xib's top level that is in no window: not imported.
        case viewOutsideHierarchy
        /// The document targets another platform (tvOS) and is read as iOS.
        case platformApproximated
        /// The document is empty (no scenes, no top-level views): the scene is an empty window.
        case emptyDocument
        /// Runtime attributes (`userDefinedRuntimeAttributes`) are set by code at load time: ignored.
        case runtimeAttributeIgnored
        /// More warnings than `ImportLimits.maxWarnings`: the rest are only counted.
        case tooManyWarnings
        /// A stored frame that UIKit does not keep was replaced by the size UIKit gives the view
        /// at run time (a bar's placeholder frame, a freeform root view, a top-level view that
        /// its owner sizes).
        case frameReplaced
        /// A control with an action (or a view with a wired gesture recognizer) that a tap at its
        /// centre does not reach in the imported scene: the warning names what blocks it.
        case unreachableControl
        /// A required constraint the solver had to break, as UIKit does when it logs "Unable to
        /// simultaneously satisfy constraints": the warning names the constraint (Interface Builder).
        case unsatisfiableConstraint
        /// The imported scene's layout leaves views' frames undetermined (Auto Layout can move
        /// them at no cost): Xcode stored one solution, UIKit may settle on another at run time
        /// (Interface Builder; one warning per scene, naming the first such view and the count).
        case layoutAmbiguous
        /// The document is not strict JSON (a trailing comma before `]` or `}`, which Figma never
        /// writes): read as if the comma were not there.
        case nonStandardJSON
        /// A prototype interaction with no UIKit counterpart (a hover, drag, key or timer
        /// trigger; a variable, conditional or media action): left out.
        case interactionDropped
        /// Part of a tappable node lies outside an ancestor that does not clip: visible in the
        /// design, but UIKit never hit-tests it there (H4).
        case untappableOverflow
        /// Hierarchy dumps: a line that is not part of the dump (a prompt, a command, a log line, a
        /// layer line): skipped.
        case noiseSkipped
        /// Hierarchy dumps: the dump stops mid-line, mid-description or mid-document (or Sentry
        /// cut the tree): what was read is imported.
        case dumpTruncated
        /// Hierarchy dumps: a class taken from its name or kind (a private UIKit class, an XCUITest
        /// element type, a Sentry type) rather than from what the dump says it is.
        case classGuessed
        /// Hierarchy dumps: a control whose enabled state or targets the dump does not record:
        /// assumed enabled, with no targets (an overlay supplies them).
        case controlAssumed
        /// Hierarchy dumps: the dump says a view has gesture recognizers, not which: none imported
        /// (an overlay supplies them).
        case gestureRecognizersUnknown
        /// Hierarchy dumps: the format does not record a property hit testing reads (interaction,
        /// alpha, hidden, frames): UIKit's class defaults are assumed.
        case propertiesUnknown
        /// Hierarchy dumps: a view controller of a `_printHierarchy` whose view is not in the dump
        /// (not loaded, no address to find it by): not attached.
        case controllerUnattached
        /// Hierarchy dumps: the dump's root is not a window: it is put in a window of its size.
        case windowSynthesized
        /// Hierarchy dumps: a line indented more than one level below the line before it: attached
        /// to that line.
        case indentationRepaired
        /// Hierarchy dumps: the view was in a UIView animation when dumped; UIKit ignores touches
        /// on animating views unless the animation allows user interaction.
        case animationInFlight

        /// The kinds the Interface Builder importer raises.
        public static let interfaceBuilder: [Kind] = [
            .unsupportedElement, .unsupportedAttribute, .invalidValue, .gestureRecognizerApproximated, .gestureRecognizerDropped,
            .constraintDropped, .actionDropped, .behaviourNotModelled, .controllerNotModelled, .externalReference,
            .layoutApproximated, .misplacedView, .viewOutsideHierarchy, .platformApproximated, .emptyDocument,
            .runtimeAttributeIgnored, .tooManyWarnings, .frameReplaced, .unreachableControl, .unsatisfiableConstraint,
            .layoutAmbiguous,
        ]
        /// The kinds the hierarchy dump importers raise.
        public static let dumps: [Kind] = [
            .noiseSkipped, .dumpTruncated, .classGuessed, .controlAssumed, .gestureRecognizersUnknown, .propertiesUnknown,
            .controllerUnattached, .windowSynthesized, .indentationRepaired, .animationInFlight, .unsupportedAttribute,
            .invalidValue, .layoutApproximated, .viewOutsideHierarchy, .platformApproximated, .emptyDocument, .tooManyWarnings,
            .gestureRecognizerApproximated, .gestureRecognizerDropped, .actionDropped,
        ]
        /// The kinds the Figma importer raises.
        public static let figma: [Kind] = [
            .unsupportedElement, .unsupportedAttribute, .invalidValue, .behaviourNotModelled, .externalReference,
            .layoutApproximated, .emptyDocument, .tooManyWarnings, .nonStandardJSON, .interactionDropped, .untappableOverflow,
        ]
        /// The kinds the Penpot importer raises.
        public static let penpot: [Kind] = [
            .unsupportedElement, .invalidValue, .externalReference, .layoutApproximated, .emptyDocument, .tooManyWarnings,
            .interactionDropped, .untappableOverflow,
        ]
        /// The kinds the Sketch importer raises.
        public static let sketch: [Kind] = [
            .unsupportedElement, .invalidValue, .externalReference, .layoutApproximated, .emptyDocument, .tooManyWarnings,
            .interactionDropped, .untappableOverflow,
        ]
    }

    public var kind: Kind
    public var message: String
    /// Where the element starts in the source (1-based); nil when the source has no lines.
    public var line: Int?
    public var column: Int?
    /// The element's id in the source.
    public var sourceID: String?
    /// What the scene does not have because of this (a behaviour, an attribute, a constraint).
    public var lost: String
    /// For a JSON source (Figma): the JSON pointer of the node in the document
    /// (`/document/children/0/children/3`).
    public var pointer: String?
    /// For a JSON source: the node's name in the design tool.
    public var sourceName: String?

    public init(
        _ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil, sourceID: String? = nil, lost: String,
        pointer: String? = nil, sourceName: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.sourceID = sourceID
        self.lost = lost
        self.pointer = pointer
        self.sourceName = sourceName
    }

    /// `{"kind", "message", "line", "column", "sourceId", "lost"}` (null where unknown), plus
    /// `"pointer"` and `"sourceName"` for a warning about a node of a JSON document.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("message", .string(message)),
            ("line", line.map { .number(Double($0)) } ?? .null), ("column", column.map { .number(Double($0)) } ?? .null),
            ("sourceId", .string(orNull: sourceID)), ("lost", .string(lost)),
        ]
        if let pointer { members.append(("pointer", .string(pointer))) }
        if let sourceName { members.append(("sourceName", .string(sourceName))) }
        return .object(members)
    }
}

/// Collects warnings up to a limit; past it, one `tooManyWarnings` entry counts the rest.
public struct ImportWarnings: Sendable {
    public private(set) var list: [ImportWarning] = []
    public private(set) var suppressed = 0
    let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    public mutating func add(_ warning: ImportWarning) {
        if list.count < limit {
            list.append(warning)
        } else {
            suppressed += 1
        }
    }

    /// The warnings, with the `tooManyWarnings` summary when some were suppressed.
    public var all: [ImportWarning] {
        guard suppressed > 0 else { return list }
        return list + [
            ImportWarning(
                .tooManyWarnings, "\(suppressed) more warnings were not listed (the limit is \(limit))",
                lost: "nothing more than the warnings say")
        ]
    }
}
