FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV PORT=4000 HOST=0.0.0.0
EXPOSE 4000
CMD ["node", "dist/src/index.js"]
