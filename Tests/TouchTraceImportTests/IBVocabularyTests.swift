import Foundation
import Testing
@testable import TouchTraceImport

@Suite("Interface Builder's vocabulary (corpus)")
struct IBVocabularyTests {
    /// Every element name of the corpus is accounted for: a view, a controller, a gesture
    /// recognizer, a property element read or knowingly left out, or an element of
    /// `IBVocabulary.documentElements` (with what the importer does with it). An element Xcode
    /// writes that none of these names is a gap to close, not to ignore.
    @Test(.requires(.ib)) func everyElementNameIsAccountedFor() throws {
        var names: Set<String> = []
        for entry in try Corpus.ib.checked() {
            let tree = try XMLTree.parse(entry.bytes, limits: ImportLimits())
            for element in tree.elements { names.insert(element.name) }
        }
        let known = Set(IBVocabulary.viewClasses.keys).union(IBVocabulary.uikitClassNames.keys).union(IBVocabulary.controllers)
            .union(IBVocabulary.recognizers.keys).union(IBVocabulary.appearanceChildren).union(IBVocabulary.structuralChildren)
            .union(IBVocabulary.documentElements.keys).union(["rect", "autoresizingMask", "edgeInsets", "directionalEdgeInsets", "viewLayoutGuide"])
        let unaccounted = names.subtracting(known).sorted()
        #expect(unaccounted.isEmpty, "element names of the corpus the vocabulary does not account for: \(unaccounted)")
        #expect(names.contains("pongPressGestureRecognizer"), "the corpus has Xcode's misspelt long press")
    }
}
