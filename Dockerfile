# TouchTrace container image. See docs/container.md.
#
#   docker build -t touchtrace .
#   docker run -p 8080:8080 -v touchtrace-data:/data touchtrace
#
# Both base images are build arguments so that the image can also be built without a Docker
# engine, against local stand-in images (scripts/container-build.sh does this with podman).
# The build stage and the runtime stage must share a C library: swift:6.3-noble goes with
# ubuntu:noble, and the Debian bookworm stand-in goes with a Debian bookworm runtime.
ARG SWIFT_IMAGE=swift:6.3-noble
ARG RUNTIME_IMAGE=ubuntu:noble

# ---------------------------------------------------------------------------------------------
# Build stage: a release build with the Swift runtime, Foundation and the package's dependencies
# linked statically, then stripped. Only the C library, libstdc++, libgcc_s and (for the design
# file importer's FoundationXML) libxml2 remain dynamic (checked with ldd).
#
# The stage expects `swift` on PATH (true of swift:6.3-noble) and dependencies reachable under
# their https://github.com/... URLs. The stand-in base built by scripts/container-build.sh keeps
# that contract itself: its PATH starts with /mnt/swift/usr/bin (the host toolchain, mounted
# read-only into every RUN) and its /etc/gitconfig maps https://github.com/ to the local package
# mirror. Nothing here is specific to the stand-in.
FROM ${SWIFT_IMAGE} AS build
WORKDIR /src

# FoundationXML's static library (the importer reads .xib and .storyboard with it) links against
# the system's libxml2, so the link needs its development files; the Swift images do not
# promise them (the bookworm stand-in lacked them: "undefined reference to xmlNewDoc").
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libxml2-dev \
    && rm -rf /var/lib/apt/lists/*

# Resolve dependencies in their own layer, so that editing the sources does not re-fetch them.
# Package.resolved is not used (it is not committed here; see .dockerignore).
COPY Package.swift ./
RUN swift package resolve

# Tests/ is copied too: SwiftPM refuses a manifest whose declared test target folder is missing.
# openapi.yaml and Playground/ are embedded in the server at build time by the EmbedFiles
# build-tool plugin (Plugins/), which reads them from the package root.
COPY Sources ./Sources
COPY Tests ./Tests
COPY Plugins ./Plugins
COPY openapi.yaml ./
COPY Playground ./Playground
RUN swift build -c release --static-swift-stdlib --product touchtrace \
    && install -D -m 0755 --strip "$(swift build -c release --static-swift-stdlib --show-bin-path)/touchtrace" \
        /staging/app/touchtrace

# ---------------------------------------------------------------------------------------------
# Runtime stage: the binary, a non-root user and the data volume. One package is installed:
# libxml2 (with its ICU, zlib and lzma libraries), which FoundationXML loads to read .xib and
# .storyboard files; libc6, libstdc++6 and libgcc-s1 are in every Ubuntu/Debian base. Versions
# are not pinned: the base image is a build argument (noble or bookworm), and each has its own.
# The health check uses bash's /dev/tcp, grep and coreutils' timeout (all in the base image)
# instead of installing curl or wget.
FROM ${RUNTIME_IMAGE} AS runtime

# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libxml2 \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --system --gid 10001 touchtrace \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin touchtrace \
    && mkdir -p /data \
    && chown 10001:10001 /data

COPY --from=build /staging/app/touchtrace /app/touchtrace

ENV TOUCHTRACE_HOST=0.0.0.0 \
    TOUCHTRACE_DATA_DIR=/data

USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 8080

# GET /health over a raw TCP connection; healthy when the answer contains {"status":"ok"}.
# Follows TOUCHTRACE_PORT; a port given as a `--port` flag is not seen here (see docs/container.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${TOUCHTRACE_PORT:-8080} && printf 'GET /health HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && timeout 4 grep -q '\"status\":\"ok\"' <&3"]

ENTRYPOINT ["/app/touchtrace"]
CMD ["serve"]
