import TouchTraceEngine

/// What the Figma importer knows of Figma's node types and properties (Figma's REST API,
/// `figma/rest-api-spec`): which types become which views, and which properties it reads or
/// leaves out knowingly. Anything else raises `unsupportedElement` or `unsupportedAttribute`.
enum FigmaVocabulary {
    /// Types that become views, with the class of their type (before the class mapping).
    static let viewTypes: [String: ViewClass] = [
        "FRAME": .UIView, "GROUP": .UIView, "SECTION": .UIView, "COMPONENT": .UIView, "COMPONENT_SET": .UIView,
        "INSTANCE": .UIView, "RECTANGLE": .UIView, "ELLIPSE": .UIView, "VECTOR": .UIView, "LINE": .UIView, "STAR": .UIView,
        "REGULAR_POLYGON": .UIView, "BOOLEAN_OPERATION": .UIView, "TEXT": .UILabel,
    ]

    /// Types that hold children laid out by the frame rules (constraints, auto layout).
    static let containerTypes: Set<String> = ["FRAME", "GROUP", "SECTION", "COMPONENT", "COMPONENT_SET", "INSTANCE", "BOOLEAN_OPERATION"]

    /// Types left out without a warning: nothing of them is on screen (an export region).
    static let skippedTypes: Set<String> = ["SLICE"]

    /// Leaf shapes that can show an image fill: with one they become a `UIImageView`.
    static let shapeTypes: Set<String> = ["RECTANGLE", "ELLIPSE", "VECTOR", "STAR", "REGULAR_POLYGON"]

    /// Properties the importer reads.
    static let readProperties: Set<String> = [
        "id", "name", "type", "children", "visible", "opacity", "absoluteBoundingBox", "relativeTransform", "size", "rotation",
        "constraints", "clipsContent", "layoutMode", "primaryAxisSizingMode", "counterAxisSizingMode", "primaryAxisAlignItems",
        "counterAxisAlignItems", "paddingLeft", "paddingRight", "paddingTop", "paddingBottom", "horizontalPadding",
        "verticalPadding", "itemSpacing", "layoutAlign", "layoutGrow", "layoutPositioning", "layoutSizingHorizontal",
        "layoutSizingVertical", "minWidth", "maxWidth", "minHeight", "maxHeight", "layoutWrap", "counterAxisSpacing",
        "counterAxisAlignContent", "itemReverseZIndex", "strokesIncludedInLayout", "characters", "style", "fills", "componentId",
        "interactions", "reactions", "transitionNodeID", "transitionDuration", "transitionEasing", "overflowDirection",
        "prototypeStartNodeID", "flowStartingPoints", "strokes", "strokeWeight",
    ]

    /// Properties left out knowingly: drawing (paints, strokes, effects, corner radii, blend),
    /// geometry for rendering, export and plugin data, component and variable bookkeeping,
    /// editor state. None changes where a view is or what a touch does.
    static let ignoredProperties: Set<String> = [
        "blendMode", "background", "backgroundColor", "fillGeometry", "strokeAlign", "strokeGeometry", "strokeCap",
        "strokeJoin", "strokeDashes", "strokeMiterAngle", "individualStrokeWeights", "effects", "styles", "cornerRadius",
        "rectangleCornerRadii", "cornerSmoothing", "preserveRatio", "exportSettings", "absoluteRenderBounds", "pluginData",
        "sharedPluginData", "layoutGrids", "characterStyleOverrides", "styleOverrideTable", "lineTypes", "lineIndentations",
        "layoutVersion", "arcData", "booleanOperation", "isMask", "isMaskOutline", "maskType", "componentProperties",
        "componentPropertyDefinitions", "componentPropertyReferences", "boundVariables", "explicitVariableModes",
        "exposedInstances", "isExposedInstance", "overrides", "fillOverrideTable", "annotations", "devStatus", "locked",
        "isFixed", "scrollBehavior", "prototypeDevice", "prototypeBackgrounds", "exportAsSVG", "guides", "measurements",
        "sectionContentsHidden", "textAutoResize", "textTruncation", "maxLines", "hyperlink", "complexStrokeProperties",
        "strokeGeometryDiagnostics", "variantProperties", "description", "documentationLinks", "remote", "key",
        "textPathStartData", "handleMirroring", "vectorNetwork", "vectorPaths", "isTextPathLike", "flowStartingPointsHidden",
        "targetAspectRatio", "gridRowCount", "gridColumnCount", "gridRowGap", "gridColumnGap", "gridRowsSizing",
        "gridColumnsSizing", "gridChildHorizontalAlign", "gridChildVerticalAlign", "gridRowSpan", "gridColumnSpan",
        "gridRowAnchorIndex", "gridColumnAnchorIndex", "lineIndentation", "textStyleOverrides",
    ]

    static let knownProperties = readProperties.union(ignoredProperties)

    /// Prototype triggers that are a tap on a touch screen (`ON_TAP` as some exports write it).
    static let tapTriggers: Set<String> = ["ON_CLICK", "ON_TAP"]
}
