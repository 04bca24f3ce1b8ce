import TouchTraceEngine

extension DumpSceneBuilder {
    // MARK: Controllers

    /// Attaches every `_printHierarchy` controller to its view by address.
    mutating func attachControllers() {
        guard !tree.controllers.isEmpty else { return }
        var nodeOfAddress: [String: Int] = [:]
        for (n, node) in tree.nodes.enumerated() { if let a = node.address, nodeOfAddress[a] == nil { nodeOfAddress[a] = n } }
        for (k, c) in tree.controllers.enumerated() {
            func unattached(_ kind: ImportWarning.Kind, _ why: String, lost: String) {
                warnings.add(c.object.warning(kind, why, lost: lost))
            }
            guard let viewClass = c.viewClass else {
                unattached(.controllerUnattached, "its view is not loaded: not attached", lost: "this controller (it has no view to be in the responder chain of)")
                continue
            }
            if c.notInWindow, c.viewAddress.flatMap({ nodeOfAddress[$0] }) == nil {
                unattached(.viewOutsideHierarchy, "its view \(viewClass.prefix(80))\(c.viewAddress.map { " " + $0 } ?? "") is not in the window: not imported", lost: "this controller and its view")
                continue
            }
            guard let address = c.viewAddress else {
                unattached(
                    .controllerUnattached,
                    "the dump has no addresses (swift-snapshot-testing strips them), so its view \(viewClass.prefix(80)) cannot be found: not attached",
                    lost: "this controller in the responder chain (R1)")
                continue
            }
            guard let n = nodeOfAddress[address], let draft = draftOfNode[n] else {
                if c.notInWindow {
                    unattached(.viewOutsideHierarchy, "its view \(viewClass.prefix(80)) \(address) is not in the window: not imported", lost: "this controller and its view")
                } else {
                    unattached(
                        .controllerUnattached, "its view \(viewClass.prefix(80)) \(address) is not in the recursiveDescription: not attached",
                        lost: "this controller in the responder chain (R1)")
                }
                continue
            }
            if document.views[draft].viewController != nil {
                unattached(
                    .controllerUnattached, "its view \(address) already has a controller in the dump: not attached", lost: "this controller")
                continue
            }
            let id = ids.make([DumpClasses.shortName(c.object.className)], fallback: "viewController")
            document.views[draft].viewController = ControllerDraft(id: id, sourceID: c.object.sourceID, customClass: c.object.className)
            _ = k
        }
    }

    /// A `_printHierarchy` alone: its controllers' views become the tree (nested as the
    /// controllers are; no frames: the dump has none), each with its controller.
    static func treeFromControllers(_ tree: inout DumpTree) -> [Int: Int] {
        var nodeOfController: [Int: Int] = [:]
        for (k, c) in tree.controllers.enumerated() {
            guard let viewClass = c.viewClass, !c.notInWindow else { continue }
            var parent = c.parent
            while let p = parent, nodeOfController[p] == nil { parent = tree.controllers[p].parent }
            var node = DumpNode(className: viewClass)
            node.address = c.viewAddress
            node.line = c.object.line
            node.column = c.object.column
            node.frame = Rect(x: 0, y: 0, width: 0, height: 0)
            nodeOfController[k] = tree.add(node, parent: parent.flatMap { nodeOfController[$0] })
        }
        return nodeOfController
    }
}
