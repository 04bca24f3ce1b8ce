import TouchTraceEngine

/// Penpot's data as plain JSON in camel case: what Penpot's RPC API answers when a client asks for
/// `application/json` instead of Transit (keys in camel case, `pagesIndex`, `parentId`,
/// `layoutFlexDir`; a map keyed by UUIDs may write them with `_` for `-`), and what tools that
/// read a file through it commit (a `get-file` response, or one page's `{id, name, objects}`).
/// Read as the Transit form is once its keys are turned into Penpot's kebab case
/// (`PenpotImporter.kebab`, the same as the `.penpot` export's); map keys that are ids are taken
/// from the shape's or page's own `id`; pointers name the document's own keys.
enum PenpotJSONForm {
    /// Whether a decoded document is this form: Penpot's data with camel-case keys
    /// (`data.pagesIndex`, or `objects` whose shapes have `parentId` / `frameId`).
    static func isCamelCase(_ value: JSONValue) -> Bool {
        let data = value["data"] ?? value
        if data["pagesIndex"] != nil { return true }
        guard case let .object(objects)? = data["objects"] else { return false }
        return objects.prefix(8).contains { $0.value["parentId"] != nil || $0.value["frameId"] != nil }
    }

    /// The pages of a camel-case document (`base` is the pointer of the document in the body).
    static func pages(_ value: JSONValue, base: String, reader: inout PenpotReader) throws(ImportError) -> [PenpotPage] {
        let hasData = value["data"] != nil
        let data = value["data"] ?? value
        let dataBase = hasData ? base + "/data" : base
        PenpotImporter.readComponents(PenpotImporter.kebab(data["components"] ?? .null), into: &reader)
        if case let .object(index)? = data["pagesIndex"] {
            // Pages by their own id (a key may write it with `_`), in the order `pages` gives.
            var byID: [String: (key: String, page: JSONValue)] = [:]
            var keyOrder: [String] = []
            for (key, page) in index {
                let id = PenpotImporter.string(page["id"]) ?? key
                if byID[id] == nil {
                    byID[id] = (key, page)
                    keyOrder.append(id)
                }
            }
            var order: [String] = []
            if case let .array(ids)? = data["pages"] { order = ids.compactMap { PenpotImporter.string($0) }.filter { byID[$0] != nil } }
            if order.isEmpty { order = keyOrder }
            return order.compactMap { id in
                guard let (key, page) = byID[id] else { return nil }
                return makePage(page, id: id, base: dataBase + "/pagesIndex/" + JSONPointer.escape(key))
            }
        }
        guard data["objects"] != nil else {
            throw ImportError(
                .unsupportedDocument,
                "not a Penpot document: the camel-case JSON at \(dataBase.isEmpty ? "/" : dataBase) has neither \"pagesIndex\" (a file) nor \"objects\" (a page); found \(PenpotImporter.keys(data))")
        }
        let id = PenpotImporter.string(data["id"]) ?? PenpotImporter.string(value["id"]) ?? "page"
        return [makePage(data, id: id, base: dataBase)]
    }

    /// One page: its shapes keyed by their own `id`, in kebab case; each shape's pointer uses
    /// the key the document wrote.
    static func makePage(_ page: JSONValue, id: String, base: String) -> PenpotPage {
        var objects: [String: JSONValue] = [:]
        var keys: [String: String] = [:]
        if case let .object(list)? = page["objects"] {
            objects.reserveCapacity(list.count)
            for (key, shape) in list {
                let shapeID = PenpotImporter.string(shape["id"]) ?? key
                guard objects[shapeID] == nil else { continue }
                objects[shapeID] = PenpotImporter.kebab(shape)
                keys[shapeID] = key
            }
        }
        let name = PenpotImporter.string(page["name"]) ?? id
        let prefix = base + "/objects/"
        let flows = JSONValue.obj(["flows": PenpotImporter.kebab(page["flows"] ?? .null), "options": PenpotImporter.kebab(page["options"] ?? .null)])
        return PenpotPage(
            id: id, name: name, objects: objects, shapePointer: { prefix + JSONPointer.escape(keys[$0] ?? $0) },
            flowStarts: PenpotImporter.flowStarts(flows))
    }
}
